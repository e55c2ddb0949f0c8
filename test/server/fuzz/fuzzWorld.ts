import type { RunningServer } from '../../../server/startServer';
import { RecordingPushTransport, TEST_PUSH_ENDPOINTS } from '../support/pushFixtures';
import { call, DEMO_PASSWORD, login, startTestServer } from '../support/testServer';
import { changedTables, type Fingerprint, fingerprint } from './databaseFingerprint';
import { ACTOR_EMAILS, ACTOR_TENANTS, type ActorName, SIGNED_IN_ACTORS, type SignedInActor } from './fuzzActors';
import { readTenants, type TenantData } from './tenantData';

const DAY_SECONDS = 24 * 60 * 60;

/** A view body every role may save. */
const setupView = (name: string) => ({ name, range: { preset: 'today' }, status: [], q: '', sort: '-begin', stations: [], services: [], priceMin: null, priceMax: null, columns: ['number'] });

/**
 * The backend the fuzzing talks to, with both demo tenants, a session per actor, and what each tenant
 * has (ids for requests, markers no other tenant may see). Sessions last a day, so that a long run
 * needs no renewal; a session a request ended (logout, a renewal) is opened again for the next one.
 */
export class FuzzWorld {
  private readonly tokens = new Map<SignedInActor, string>();
  private readonly passwords = new Map<SignedInActor, string>();
  private tenants = new Map<string, TenantData>();
  private tenantIds: string[] = [];
  private known: Fingerprint | undefined;
  private actorIds = new Map<SignedInActor, string>();

  private constructor(readonly server: RunningServer) {}

  static async start(): Promise<FuzzWorld> {
    const server = await startTestServer({
      seedOrders: 20,
      tokenTtlSeconds: DAY_SECONDS,
      sessionMaxSeconds: 2 * DAY_SECONDS,
      push: { endpoints: TEST_PUSH_ENDPOINTS, transport: new RecordingPushTransport() },
      // The flood limits have tests of their own; here the bodies should reach the decoder.
      telemetry: { rateLimits: { perClient: 1_000_000, overall: 1_000_000 } },
    });
    const world = new FuzzWorld(server);
    try {
      for (const actor of SIGNED_IN_ACTORS) {
        world.passwords.set(actor, DEMO_PASSWORD);
        await world.signIn(actor);
        for (const name of ['Woche', 'Export']) {
          const answer = await call(server, '/api/me/views', { token: world.tokens.get(actor), body: setupView(name) });
          if (answer.status !== 201) {
            throw new Error(`saving a view for ${actor} answered ${answer.status}`);
          }
        }
      }
      const admin = world.tokens.get('germanAdmin');
      for (const name of ['Kai Vogt', 'Lea Stein']) {
        const email = `${name.toLowerCase().replace(' ', '.')}@autohaus-nord.example`;
        const answer = await call(server, '/api/users', { token: admin, body: { name, email, role: 'operator' } });
        if (answer.status !== 201) {
          throw new Error(`creating the user ${email} answered ${answer.status}`);
        }
      }
      await world.refresh();
    } catch (error) {
      await server.close();
      throw error;
    }
    return world;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private async signIn(actor: SignedInActor): Promise<void> {
    this.tokens.set(actor, (await login(this.server, ACTOR_EMAILS[actor], this.passwords.get(actor))).token);
    // A sign-in writes the user's last sign-in.
    this.known = undefined;
  }

  /** The token of a signed-in actor (undefined for nobody). */
  tokenOf(actor: ActorName): string | undefined {
    return actor === 'nobody' ? undefined : this.tokens.get(actor);
  }

  /** A token found in an answer to `actor` (a renewal, a changed password) replaces theirs; so does `password` when it was changed. */
  adopt(actor: ActorName, token: string, password?: string): void {
    if (actor !== 'nobody') {
      this.tokens.set(actor, token);
      if (password !== undefined) {
        this.passwords.set(actor, password);
      }
    }
  }

  /** Opens the actor's session again when their token no longer counts (a logout, a renewal). */
  async reviveSession(actor: ActorName): Promise<void> {
    if (actor === 'nobody') {
      return;
    }
    const answer = await call(this.server, '/api/me', { token: this.tokens.get(actor) });
    await answer.body?.cancel();
    if (answer.status === 401) {
      await this.signIn(actor);
    }
  }

  /** The tenant's data of a signed-in actor, or undefined for nobody. */
  tenantOf(actor: ActorName): TenantData | undefined {
    return actor === 'nobody' ? undefined : this.tenants.get(this.tenantIds[ACTOR_TENANTS[actor]] ?? '');
  }

  /** Every tenant's data. */
  allTenants(): TenantData[] {
    return [...this.tenants.values()];
  }

  /**
   * Users an admin's request may change: every user of both tenants but the German operator (the
   * actor of most requests), and for a password reset, which ends the admin's own session, not the
   * admin either.
   */
  userIdsToChange(withoutAdmin: boolean): string[] {
    const kept = new Set([this.actorIds.get('germanOperator'), withoutAdmin ? this.actorIds.get('germanAdmin') : undefined]);
    return this.allTenants()
      .flatMap((tenant) => tenant.userIds)
      .filter((id) => !kept.has(id));
  }

  /** Reads the tenants' ids again (after a request changed something). */
  async refresh(): Promise<void> {
    this.tenants = await readTenants(this.server.database);
    const rows = await this.server.database.query<{ id: string; name: string }>('SELECT id::text AS id, name FROM tenants ORDER BY name');
    const names = ['Autohaus Nord', 'City Fleet Rentals'];
    this.tenantIds = names.map((name) => rows.find((row) => row.name === name)?.id ?? '');
    const users = await this.server.database.query<{ id: string; email: string }>('SELECT id::text AS id, email FROM users');
    this.actorIds = new Map(SIGNED_IN_ACTORS.map((actor) => [actor, users.find((user) => user.email === ACTOR_EMAILS[actor])?.id ?? '']));
  }

  /** The data as before the next request (read once after each change). */
  async fingerprintBefore(): Promise<Fingerprint> {
    this.known ??= await fingerprint(this.server.database);
    return this.known;
  }

  /** After a refused request: the tables it changed (none, if it kept the rule). After a success: nothing checked, the data read anew. */
  async afterAnswer(refused: boolean, before: Fingerprint): Promise<string[]> {
    const after = await fingerprint(this.server.database);
    // After a success, read again before the next request: what it started may still be writing.
    this.known = refused ? after : undefined;
    const changed = changedTables(before, after);
    if (!refused && changed.length > 0) {
      await this.refresh();
    }
    return refused ? changed : [];
  }
}

import type { PresenceField } from '../../shared/OrderPresence';
import type { Principal } from '../auth/authentication';
import type { EndedSessions } from '../events/OpenStreams';
import type { PostgresPresenceRelay } from './PostgresPresenceRelay';
import type { PresenceKey, PresenceMessage } from './presenceMessages';
import type { PresenceRegistry } from './PresenceRegistry';

/**
 * This process's side of presence: what its users announce (`PUT`/`DELETE
 * /api/orders/{id}/presence`) goes into the registry and, on PostgreSQL, to the other processes;
 * what they announce comes into the registry. A session that ends here (logout, revocation, a
 * changed password, heard from any process) takes its presences with it at once, everywhere.
 */
export class OrderPresences {
  constructor(
    private readonly registry: PresenceRegistry,
    private readonly process: string,
    private readonly ttlMs: number,
    private readonly relay: PostgresPresenceRelay | undefined,
  ) {}

  /** `principal` has the order open (editing `editing`), for the time to live from now. */
  async open(principal: Principal, orderId: string, editing: PresenceField | null): Promise<void> {
    const key = this.keyOf(principal, orderId);
    this.registry.here(key, principal.name, editing, this.ttlMs, { tokenId: principal.tokenId, sessionGeneration: principal.sessionGeneration });
    await this.relay?.send([{ kind: 'here', ...key, name: principal.name, editing, ttlMs: this.ttlMs }]);
  }

  /** `principal` closed the order. */
  async close(principal: Principal, orderId: string): Promise<void> {
    await this.leave([this.keyOf(principal, orderId)]);
  }

  /** Sessions ended: their presences here go, and the other processes are told. */
  async endSessions(ended: EndedSessions): Promise<void> {
    const over =
      'tokenId' in ended
        ? this.registry.ofSessions(this.process, (_, session) => session.tokenId === ended.tokenId)
        : this.registry.ofSessions(this.process, (userId, session) => userId === ended.userId && session.sessionGeneration < ended.sessionGeneration);
    await this.leave(over);
  }

  /** This process stops: its presences go everywhere at once. */
  async leaveAll(): Promise<void> {
    await this.leave(this.registry.ofProcess(this.process));
  }

  /** A message of another process. */
  received(message: PresenceMessage): void {
    if (message.kind === 'here') this.registry.here(message, message.name, message.editing, message.ttlMs);
    else this.registry.gone(message);
  }

  private async leave(keys: readonly PresenceKey[]): Promise<void> {
    for (const key of keys) this.registry.gone(key);
    await this.relay?.send(keys.map((key) => ({ kind: 'gone' as const, ...key })));
  }

  private keyOf(principal: Principal, orderId: string): PresenceKey {
    return { tenantId: principal.tenantId, orderId, userId: principal.userId, process: this.process };
  }
}

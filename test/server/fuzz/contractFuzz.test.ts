import { readFileSync } from 'node:fs';
import { fc, test } from '@fast-check/jest';
import { parse } from 'yaml';
import { OPENAPI_DOCUMENT, OpenApiContract } from '../support/openApiContract';
import { STARTUP_TIMEOUT_MS } from '../support/testServer';
import { answerFaults } from './answerChecks';
import { ACTOR_EMAILS } from './fuzzActors';
import { describeRequest, type FuzzRequest, target } from './fuzzRequest';
import { FUZZ_RUNS, FUZZ_SEED, fuzzed, replayHint, runsAt } from './fuzzSettings';
import { FuzzWorld } from './fuzzWorld';
import { knownValues } from './knownValues';
import { operationRequests } from './operationRequests';
import { sendRequest } from './sendRequest';

/**
 * Contract fuzzing: for every operation of docs/openapi.yaml, requests made from the contract's own
 * schemas (valid ones, boundaries, and ones with one part broken), sent over HTTP as each role of both
 * tenants and as nobody. Every answer must keep the contract (checked as it arrives), never be a
 * 5xx, be a problem naming the field when refused, change nothing when refused, and show nothing of
 * the other tenant. Seeded and bounded by FUZZ_SEED and FUZZ_RUNS (fuzzSettings.ts).
 */

type Paths = Record<string, Record<string, { operationId?: string }>>;

/** The operations in the document's order; those whose requests count against the sign-in limits last. */
const OPERATIONS = Object.values((parse(readFileSync(OPENAPI_DOCUMENT, 'utf8')) as { paths: Paths }).paths)
  .flatMap((methods) => Object.values(methods).flatMap((operation) => (operation.operationId ? [operation.operationId] : [])))
  .sort((a, b) => Number(a === 'login' || a === 'changePassword') - Number(b === 'login' || b === 'changePassword'));

/** Each request of these costs a password hash, and a wrong password counts against the limits. */
const BUDGET_SHARE: Readonly<Record<string, number>> = { login: 0.25, changePassword: 0.25, logout: 0.5, renew: 0.5 };

/** The longest path and query sent: with the headers (a hostile one up to 6 000 bytes) below Node's 16 KB for the request head. */
const MAX_TARGET_LENGTH = 8_000;

/** The markers of every tenant but the one the answer is for. */
function foreignMarkers(world: FuzzWorld, request: FuzzRequest, text: string): string[] {
  // A sign-in answers the account its body names, whoever sends it.
  const signedIn = world.allTenants().find((tenant) => text.includes(`"tenant":{"id":"${tenant.tenantId}"`))?.tenantId;
  const own = request.operationId === 'login' ? signedIn : (world.tenantOf(request.actor)?.tenantId ?? signedIn);
  return world.allTenants().flatMap((tenant) => (tenant.tenantId === own ? [] : tenant.markers));
}

/** A token the answer hands the actor (a renewal, a changed password), with the new password if changed. */
function handedToken(request: FuzzRequest, text: string): { token: string; password?: string } | undefined {
  if (request.actor === 'nobody' || !text.startsWith('{')) {
    return undefined;
  }
  const body = JSON.parse(text) as { token?: string; user?: { email?: string } };
  if (typeof body.token !== 'string' || body.user?.email !== ACTOR_EMAILS[request.actor]) {
    return undefined;
  }
  const sent = request.operationId === 'changePassword' && typeof request.body === 'string' ? (JSON.parse(request.body) as { newPassword?: string }) : {};
  return { token: body.token, password: sent.newPassword };
}

describe('contract fuzzing', () => {
  let world: FuzzWorld;
  let contract: OpenApiContract;

  beforeAll(async () => {
    contract = await OpenApiContract.load();
    world = await FuzzWorld.start();
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await world?.close();
  });

  for (const operationId of OPERATIONS.filter(fuzzed)) {
    const numRuns = runsAt(BUDGET_SHARE[operationId] ?? 1);
    const requests = fc.constant(null).chain(() => {
      const operation = contract.operations.find((candidate) => candidate.operationId === operationId);
      if (!operation) {
        throw new Error(`${operationId} is not in the loaded contract`);
      }
      return operationRequests(operation, knownValues(world, operationId), (actor) => world.tokenOf(actor));
    });

    test.prop([requests], { seed: FUZZ_SEED, numRuns })(`${operationId}: ${numRuns} requests keep the contract`, async (request) => {
      // Not this operation's request: an empty path parameter names another route (`/api/orders/`), and
      // Node refuses a request head over 16 KB with a bare 431 before the backend sees it.
      fc.pre(!/\/\/|\/$/.test(request.path) && target(request).length <= MAX_TARGET_LENGTH);
      const before = await world.fingerprintBefore();
      const answer = await sendRequest(world.server.url, request, world.tokenOf(request.actor));
      const refused = answer.status < 200 || answer.status >= 300;
      const changed = await world.afterAnswer(refused, before);
      const faults = answerFaults(request, answer, foreignMarkers(world, request, answer.text));
      if (changed.length > 0) {
        faults.push(`a refused request (${answer.status}) changed ${changed.join(', ')}`);
      }
      const handed = refused ? undefined : handedToken(request, answer.text);
      if (handed) {
        world.adopt(request.actor, handed.token, handed.password);
      }
      if (answer.status === 401 || request.operationId === 'logout') {
        await world.reviveSession(request.actor);
      }
      if (faults.length > 0) {
        throw new Error(`${faults.join('\n')}\n${describeRequest(request)}\nReplay: ${replayHint(operationId)}`);
      }
    }, 60_000 + numRuns * 1_000);
  }

  test('runs each operation of the contract', () => {
    expect(OPERATIONS.length).toBeGreaterThan(0);
    expect([...OPERATIONS].sort()).toEqual(contract.operations.map((operation) => operation.operationId ?? '').sort());
    expect(FUZZ_RUNS).toBeGreaterThan(0);
  });
});

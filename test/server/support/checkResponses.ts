/**
 * Every answer a backend test receives is held to the HTTP contract (docs/openapi.yaml): set up for
 * the server projects in jest.config.js. The test file's `fetch` is wrapped: an answer from an address
 * on this machine to a request on a route the document has is checked by `OpenApiContract.check`
 * (status, Content-Type, documented headers, a JSON body against its schema) before the test gets it.
 * A mismatch fails the request (its promise rejects with what differs) and, should the test have
 * caught that, the test afterwards. Answers of stand-ins for other services (`notABackend`: the fake
 * collector) are not checked, nor answers read with node:http instead of fetch.
 */
import { OpenApiContract } from './openApiContract';
import { notABackend as foreignOrigins } from './otherServices';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The body of an answer could not be read to its end: aborted by the test, or the connection dropped. */
class UnreadBody extends Error {}

const realFetch = globalThis.fetch;
let contract: Promise<OpenApiContract> | undefined;
const mismatches: string[] = [];

function loadContract(): Promise<OpenApiContract> {
  contract ??= OpenApiContract.load();
  return contract;
}

function requestOf(input: Parameters<typeof fetch>[0], init: Parameters<typeof fetch>[1]): { method: string; url: URL } {
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const url = new URL(input instanceof Request ? input.url : String(input));
  return { method: method.toUpperCase(), url };
}

/** Whether an answer from `url` is one of a backend under test. */
function fromBackend(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname) && !foreignOrigins().has(url.origin);
}

async function checkedFetch(input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]): Promise<Response> {
  const response = await realFetch(input, init);
  const { method, url } = requestOf(input, init);
  if (!fromBackend(url)) {
    return response;
  }
  let problems: string[];
  try {
    problems = await (await loadContract()).check(method, url.pathname, {
      status: response.status,
      headers: response.headers,
      // A copy, read only where the check needs the body (JSON; none expected); the test reads the original.
      text: () =>
        response
          .clone()
          .text()
          .catch((error: unknown) => {
            throw new UnreadBody(String(error));
          }),
    });
  } catch (error) {
    // The test sees the same when it reads: nothing to hold against the document.
    if (error instanceof UnreadBody) {
      return response;
    }
    throw error;
  }
  if (problems.length > 0) {
    const mismatch = `${method} ${url.pathname} → ${response.status}:\n  ${problems.join('\n  ')}`;
    mismatches.push(mismatch);
    throw new Error(`The answer differs from docs/openapi.yaml: ${mismatch}`);
  }
  return response;
}

globalThis.fetch = checkedFetch as typeof fetch;

beforeAll(async () => {
  // Loaded before the tests, so that no test's timing includes it.
  await loadContract();
}, 30_000);

function reportMismatches(): void {
  if (mismatches.length > 0) {
    const all = mismatches.splice(0);
    throw new Error(`Answers differing from docs/openapi.yaml:\n${all.join('\n')}`);
  }
}

afterEach(reportMismatches);
afterAll(reportMismatches);

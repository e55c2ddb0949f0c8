// The backend bench's load generator: a few concurrent clients on kept-alive connections, and the
// latency figures of what they measured.
import http from 'node:http';
import { percentileOfSorted } from '../shared/percentile';
import type { Latency } from './result';

/** A GET over a kept-alive connection of `agent`, the answer read to its end; answers the status. */
function statusOf(url: string, headers: http.OutgoingHttpHeaders, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * Sends `requests` GET requests for `url(i)` from `clients` concurrent clients (each waits for its
 * answer, body included, before sending the next) and answers the latencies in milliseconds.
 * Plain `node:http` over the kept-alive connections of `agent`: the load generator shares the
 * machine with the server, and `fetch` took about three times the processor time per request.
 */
export async function load(
  url: (index: number) => string,
  token: string,
  requests: number,
  clients: number,
  agent: http.Agent,
): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const headers = { authorization: `Bearer ${token}` };
  const client = async () => {
    for (let index = next++; index < requests; index = next++) {
      const started = performance.now();
      const status = await statusOf(url(index), headers, agent);
      latencies.push(performance.now() - started);
      if (status !== 200) {
        throw new Error(`${url(index)} answered ${status}`);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return latencies.sort((a, b) => a - b);
}

/** The figures of `sorted` latencies, beside the baseline's p50. */
export function latency(sorted: readonly number[], baselineP50: number): Latency {
  const p50 = percentileOfSorted(sorted, 50);
  const p95 = percentileOfSorted(sorted, 95);
  return { requests: sorted.length, p50, p95, max: sorted[sorted.length - 1] ?? NaN, p50Ratio: p50 / baselineP50, p95Ratio: p95 / baselineP50 };
}

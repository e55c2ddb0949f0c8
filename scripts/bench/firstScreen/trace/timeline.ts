// The trace tool's `--timeline`: tasks and requests in time order.
import type { MainThread } from './mainThread';
import type { Task } from './tasks';
import type { TraceData, TraceEvent } from './traceEvents';

/**
 * The tasks of `tasks` and the page's requests (sent, answered; a finish time is in seconds of the
 * trace's clock) as one list in time order, in ms from the navigation, up to the rows.
 */
export function timeline(thread: MainThread, events: TraceEvent[], tasks: Task[]): string {
  const lines: [number, string][] = tasks.map((task) => [task.start, `task   ${task.duration.toFixed(0).padStart(5)} ms  ${task.trigger}`]);
  const sent = new Map<string, { url: string; at: number }>();
  const ms = (ts: number) => (ts - thread.origin) / 1000;
  for (const event of events) {
    const data: TraceData = event.args?.data ?? {};
    if (event.pid !== thread.pid || !data.requestId) {
      continue;
    }
    if (event.name === 'ResourceSendRequest' && data.url) {
      const { pathname, search } = new URL(data.url);
      const url = `${data.requestMethod ?? 'GET'} ${pathname}${pathname === '/api/orders' && !search.includes('cursor=') ? ' (first page)' : ''}`;
      sent.set(data.requestId, { url, at: ms(event.ts) });
      lines.push([ms(event.ts), `sent            ${url}`]);
    } else if (event.name === 'ResourceFinish') {
      const request = sent.get(data.requestId);
      const at = data.finishTime ? ms(data.finishTime * 1_000_000) : ms(event.ts);
      if (request) {
        lines.push([at, `answered ${(at - request.at).toFixed(0).padStart(5)} ms  ${request.url}`]);
      }
    }
  }
  lines.push([ms(thread.rowsTs), 'rows on screen']);
  return lines
    .filter(([at]) => at <= ms(thread.rowsTs))
    .sort((a, b) => a[0] - b[0])
    .map(([at, text]) => `${at.toFixed(0).padStart(6)} ms  ${text}`)
    .join('\n');
}

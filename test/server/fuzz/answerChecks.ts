import type { Problem } from '../../../shared/Problem';
import type { FuzzAnswer } from './sendRequest';
import type { FuzzRequest } from './fuzzRequest';
import { target } from './fuzzRequest';

/** Whether two field names are one field or one inside the other (`customer` and `customer.name`). */
function related(named: string, changed: string): boolean {
  const inside = (outer: string, inner: string) => inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`);
  return inside(named, changed) || inside(changed, named);
}

/**
 * Fields whose valid values the schemas cannot give (an opaque cursor, a time zone that exists, a
 * range's order and length, a price bound above the other, an order's version): a request broken elsewhere may be
 * refused for one of them first.
 */
const FIELDS_BEYOND_THE_SCHEMA = new Set(['cursor', 'tz', 'begin', 'end', 'priceMin', 'If-Match']);

/**
 * What in an answer breaks the properties every answer must have (the contract itself is checked
 * as the answer arrives): no 5xx; a 4xx is a problem with its status; a 400 caused by a body or
 * query field names it; nothing of `foreign` (another tenant's ids, numbers, addresses) in it,
 * unless the request itself brought it.
 */
export function answerFaults(request: FuzzRequest, answer: FuzzAnswer, foreign: readonly string[]): string[] {
  const faults: string[] = [];
  if (answer.status >= 500) {
    faults.push(`a ${answer.status}: ${answer.text.slice(0, 300)}`);
  }
  const type = answer.headers.get('content-type') ?? '';
  if (answer.status >= 400 && answer.status < 500 && !type.startsWith('application/problem+json')) {
    faults.push(`a ${answer.status} of type ${type || 'none'}, not a problem`);
  }
  if (answer.status >= 400 && type.startsWith('application/problem+json')) {
    const problem = JSON.parse(answer.text) as Problem;
    if (problem.status !== answer.status) {
      faults.push(`a problem of status ${problem.status} in an answer of status ${answer.status}`);
    }
    const field = request.intent.field;
    // Telemetry is decoded whole (OTLP, protobuf or JSON): its 400 says the body is no export request.
    // Likewise a body that is no JSON at all (`NaN`, a `__proto__` member): nothing in it is a field.
    const takesFields = !request.path.startsWith('/v1/') && problem.type !== 'urn:order-cockpit:problem:malformed-json';
    if (answer.status === 400 && takesFields && field !== undefined && (request.intent.part === 'body' || request.intent.part === 'query')) {
      const named = (problem.errors ?? []).map((error) => error.field);
      if (!named.some((name) => related(name, field)) && (named.length === 0 || !named.every((name) => FIELDS_BEYOND_THE_SCHEMA.has(name)))) {
        faults.push(`a 400 for ${field} that names ${named.length > 0 ? named.join(', ') : 'no field'}: ${answer.text.slice(0, 300)}`);
      }
    }
  }
  const sent = `${target(request)} ${JSON.stringify(request.headers)} ${typeof request.body === 'string' ? request.body : ''}`;
  const shown = foreign.filter((marker) => answer.text.includes(marker) && !sent.includes(marker));
  if (shown.length > 0) {
    faults.push(`another tenant's data in the answer: ${shown.slice(0, 5).join(', ')}`);
  }
  return faults;
}

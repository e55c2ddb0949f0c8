/** The start of every problem `type` of the API; the rest names the kind (`urn:order-cockpit:problem:forbidden`). */
export const PROBLEM_TYPE_PREFIX = 'urn:order-cockpit:problem:';

/** One field error of a problem body. */
export interface FieldError {
  field: string;
  message: string;
}

/** An RFC 9457 problem details body, as every error answer of the API carries it. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: FieldError[];
  [extension: string]: unknown;
}

export function isProblem(value: unknown): value is Problem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Problem).title === 'string' &&
    typeof (value as Problem).status === 'number'
  );
}

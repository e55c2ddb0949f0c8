/**
 * What counts as a secret in text that leaves a program: the console's telemetry and the backend's log
 * apply the same rules. Every rule runs in time linear in the text (span names and log messages may
 * come from anyone, so no pattern may backtrack over long input).
 */

/** What a secret is replaced with. */
export const REDACTED = '[redacted]';

/**
 * Names of values that are secrets whatever they look like: `authorization`, `http.request.header.cookie`,
 * `password`, `x-api-key`, and query parameters such as `access_token`, `id_token`, `refresh_token`.
 */
const SECRET_NAME = /authori[sz]ation|passw(?:or)?d|secret|token|cookie|api[-_.]?key|credential|jwt|signature/i;

/** `Bearer <token>`, `Basic <credentials>`: the scheme stays, the credentials go. */
const AUTHORIZATION_SCHEME = /\b(Bearer|Basic)(\s+)[^\s"',;]+/gi;

/** The password of a URL's user information: `postgres://user:password@host`. */
const URL_PASSWORD = /(:\/\/[^\s/?#@:]*:)[^\s/?#@]+@/g;

/**
 * The start of a URL parameter up to its value: `?name=`, `&name=`, `#name=`, `;name=`, also
 * percent-encoded (`%3Fname%3D`, `%26name%3D`: a URL in another URL's parameter).
 */
const PARAMETER = /(?:[?&#;]|%3F|%26|%23)([^=&#;?%\s"'<>]{1,64})(?:=|%3D)/gi;

/** A parameter's value: up to the next parameter, fragment or the end of the URL. */
const PARAMETER_VALUE = /(?:(?!%26|%23|%3F)[^&#?;\s"'<>])*/iy;

/**
 * Runs of dot-separated base64url segments, `=` padding included: the shape of JWS
 * (`header.payload.signature`) and JWE (five parts) in compact serialization, and of dotted host
 * and file names and numbers, which `tokenStart` tells apart.
 */
const DOTTED_RUN = /(?<![\w=-])[\w=-]+\.[\w=.-]*/g;

/**
 * A JOSE header: a base64url JSON object, `{"` (`eyJ`), `{ "` (`eyAi`), or `{` and a line break or tab
 * before the first member (`ewog`, `ewoi`, `ewoJ`, `ew0K`, `ewki`, `ewkJ`), at the start of a segment
 * or glued to a word with `_`, `-` or `=`.
 */
const JOSE_HEADER = /(?:^|[_=-])e(?:yJ|yAi|wo[gij]|w0K|wk[iJ])/;

/** Shortest JOSE header: `{"alg":"x"}` is 15 characters of base64url. */
const MIN_HEADER_LENGTH = 10;

/** Three segments at least this long are a token whatever their first one holds (opaque signed tokens). */
const MIN_OPAQUE_SEGMENT_LENGTH = 16;

/** True when a value under this name (a header, attribute, field or query parameter) is a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** The first segment of three in a row that are long enough to be an opaque token, or -1. */
function opaqueStart(segments: readonly string[]): number {
  let longInARow = 0;
  for (let index = 0; index < segments.length; index++) {
    longInARow = (segments[index] ?? '').length >= MIN_OPAQUE_SEGMENT_LENGTH ? longInARow + 1 : 0;
    if (longInARow === 3) {
      return index - 2;
    }
  }
  return -1;
}

/** Where the token in `segments` starts: index of the segment and offset in it; null when there is none. */
function tokenStart(segments: readonly string[]): { segment: number; offset: number } | null {
  const opaque = opaqueStart(segments);
  let lastFilled = segments.length - 1;
  while (lastFilled >= 0 && segments[lastFilled] === '') lastFilled--;
  // A header and one more part suffice: a token cut short (`eyJhbGciOi….eyJzdWIi…`) is still one.
  const end = opaque < 0 ? lastFilled : Math.min(opaque + 1, lastFilled);
  for (let index = 0; index < end; index++) {
    const segment = segments[index] ?? '';
    const header = segment.length >= MIN_HEADER_LENGTH ? JOSE_HEADER.exec(segment) : null;
    const offset = header ? header.index + (segment[header.index] === 'e' ? 0 : 1) : 0;
    if (header && segment.length - offset >= MIN_HEADER_LENGTH) {
      return { segment: index, offset };
    }
  }
  return opaque < 0 ? null : { segment: opaque, offset: 0 };
}

/** A dotted run with its token, if it holds one, replaced; what precedes the token stays. */
function redactRun(run: string): string {
  const segments = run.split('.');
  const start = tokenStart(segments);
  if (start === null) {
    return run;
  }
  const before = segments.slice(0, start.segment).join('.');
  const glued = (segments[start.segment] ?? '').slice(0, start.offset);
  // A dot after the token ends the sentence, it is not part of the token.
  const after = segments.length - start.segment > 3 && run.endsWith('.') ? '.' : '';
  return `${before}${before ? '.' : ''}${glued}${REDACTED}${after}`;
}

/** `text` with the values of secret-named URL parameters replaced. */
function redactParameters(text: string): string {
  let redacted = '';
  let copied = 0;
  PARAMETER.lastIndex = 0;
  for (let match = PARAMETER.exec(text); match !== null; match = PARAMETER.exec(text)) {
    if (!isSecretName(match[1] ?? '')) {
      continue;
    }
    const start = match.index + match[0].length;
    PARAMETER_VALUE.lastIndex = start;
    const end = start + (PARAMETER_VALUE.exec(text)?.[0].length ?? 0);
    if (end > start) {
      redacted += `${text.slice(copied, start)}${REDACTED}`;
      copied = end;
      PARAMETER.lastIndex = end;
    }
  }
  return redacted + text.slice(copied);
}

/**
 * `text` with every token, credential and secret parameter replaced by `[redacted]`: credentials after
 * `Bearer`/`Basic`, passwords in URLs, values of URL parameters named like a secret (`?access_token=`,
 * `&id_token=`, `#refresh_token=`, `?authorization=`, `?password=` …, also percent-encoded in another
 * URL), and token-shaped text: JWS and JWE (a base64url JSON header and more dot-separated base64url
 * parts, padded or not, glued to a word or cut short) and other dotted tokens of three long base64url
 * parts. Applying it again changes nothing.
 */
export function redactSecretText(text: string): string {
  const withoutCredentials = text.replace(AUTHORIZATION_SCHEME, `$1$2${REDACTED}`).replace(URL_PASSWORD, `$1${REDACTED}@`);
  return redactParameters(withoutCredentials).replace(DOTTED_RUN, redactRun);
}

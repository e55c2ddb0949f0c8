import fc from 'fast-check';

/**
 * Hostile parts of a request beyond its values: header values (what `fetch` can send: no NUL, CR
 * or LF), content types, bodies that are no JSON, query strings that are no percent-encoding.
 */

/** A header value of every byte fetch lets through: tabs, Latin-1, sizes up to near the server's header limit. */
const oddHeaderText = fc.oneof(
  fc.constantFrom('', ' ', '\t', 'é', 'ÿ'.repeat(20), '\u00a0x', 'x'.repeat(6_000), '%00', '"', ',', ';', '*'),
  fc.string({ unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff })).map((code) => String.fromCharCode(code)), maxLength: 40 }).map((text) => text.trim()),
);

const HEADER_VALUES: Readonly<Record<string, readonly string[]>> = {
  'x-ui-locale': ['fr', 'DE', 'de-DE', 'de,en', 'en;q=0.5', '*', 'de '],
  'if-match': ['*', 'W/"1"', '"1", "2"', '"-1"', '"0"', '"1e309"', '"99999999999999999999"', '"1.5"', '1', '""', '"', '"0x10"', '"١"'],
  'idempotency-key': ['x'.repeat(256), 'é', 'a b', '', '\t'],
  'last-event-id': ['-1', '0', '1e309', '99999999999999999999', '9007199254740993', 'abc', '', '0x10', '1.5', ' 7', '٣'],
  authorization: [
    'Bearer',
    'Bearer ',
    'Bearer x.y.z',
    'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ4In0.',
    'Basic Zm9vOmJhcg==',
    'bearer',
    'Token abc',
    `Bearer ${'a'.repeat(7_000)}`,
    'Bearer a.b',
    'Bearer ..',
  ],
  accept: ['text/html', 'application/xml', '*/*;q=0', 'text/event-stream'],
  'accept-encoding': ['gzip;q=x', 'br, gzip, deflate, zstd, x'.repeat(50), 'identity;q=0'],
  'x-forwarded-for': ['not-an-address', '127.0.0.1, ::1, 10.0.0.1', '::ffff:1.2.3.4'],
};

/** A header to send in place of the one a request has, or in addition: a name and a hostile value. */
export function hostileHeader(tokenOfActor: string | undefined): fc.Arbitrary<[string, string]> {
  const names = Object.keys(HEADER_VALUES);
  const specific = fc.constantFrom(...names).chain((name) => fc.tuple(fc.constant(name), fc.oneof(fc.constantFrom(...(HEADER_VALUES[name] as string[])), oddHeaderText)));
  const tamperedToken = tokenOfActor
    ? fc.constantFrom(`Bearer ${tokenOfActor}x`, `Bearer ${tokenOfActor.slice(0, -2)}`, `bearer ${tokenOfActor}`, `Bearer  ${tokenOfActor}`, `Bearer ${tokenOfActor.split('.').reverse().join('.')}`).map((value): [string, string] => ['authorization', value])
    : specific;
  const unknown = fc.tuple(fc.constantFrom('x-unknown', 'x-http-method-override', 'content-length-x', 'transfer-encoding-x'), oddHeaderText);
  return fc.oneof({ weight: 4, arbitrary: specific }, { weight: 1, arbitrary: tamperedToken }, { weight: 1, arbitrary: unknown });
}

/** Content types a JSON body must not be taken with, and odd spellings of JSON. */
export const contentTypes = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json;',
  'application/jsonx',
  'application/problem+json',
  'application/x-protobuf',
  '',
  '*/*',
);

/** Bodies that are no JSON, or JSON of the wrong kind, or JSON a careless parser chokes on. */
export function malformedBodies(validText: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.nat({ max: Math.max(0, validText.length - 1) }).map((cut) => validText.slice(0, cut)),
    fc.constantFrom(
      '',
      '{',
      'null',
      '[]',
      '"x"',
      '0',
      'true',
      `${validText}{`,
      `\ufeff${validText}`,
      `${validText.slice(0, -1)},}`,
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
      `{"a":${'{"a":'.repeat(2_000)}1${'}'.repeat(2_001)}`,
      "{'a':1}",
      '{"a":1,"a":2}',
      '\u0000',
    ),
    fc.string({ maxLength: 30 }),
  );
}

/** Query additions that are no valid percent-encoding, or repeat and confuse. */
export const rawQueries = fc.constantFrom('%', '%zz', '%E0%A4%A', '%FF', 'a=%00', '&&', '=', 'a', '__proto__=1', 'constructor=x', 'a[b]=c', 'a.b=c', `x=${'y'.repeat(4_000)}`);

import { isSecretName, REDACTED, redactSecretText } from '../../../shared/redactSecrets';

const base64url = (text: string) => Buffer.from(text).toString('base64url');
/** Standard base64 with its `=` padding, as some encoders write JWT parts. */
const padded = (text: string) => Buffer.from(text).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');

const header = base64url('{"alg":"HS256","typ":"JWT"}');
const payload = base64url('{"sub":"9e96c0a4-5b1e-4a39-9d57-2f4c1b7f8a11","tenant":"AN","exp":1893456000}');
const signature = 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const jwt = `${header}.${payload}.${signature}`;

describe('redactSecretText: token-shaped text', () => {
  it.each([
    ['a JWT alone', jwt, REDACTED],
    ['a JWT in a sentence', `span ${jwt} ended`, `span ${REDACTED} ended`],
    ['a JWT ending a sentence', `refused ${jwt}.`, `refused ${REDACTED}.`],
    ['a JWT in quotes and after a colon', `"${jwt}" token:${jwt}`, `"${REDACTED}" token:${REDACTED}`],
    ['a JWT in a path', `/reset/${jwt}/confirm`, `/reset/${REDACTED}/confirm`],
    ['a JWT glued to a word with _', `span_${jwt}`, `span_${REDACTED}`],
    ['a JWT glued to a word with -', `GET-${jwt}`, `GET-${REDACTED}`],
    ['a JWT glued to a word with letters (long parts)', `xyz${jwt}abc`, REDACTED],
    ['a JWT with = padding', `${padded('{"alg":"none"}')}.${padded('{"sub":"1"}')}.${padded('signature!')}`, REDACTED],
    ['an unsecured JWT (no signature)', `${base64url('{"alg":"none"}')}.${base64url('{"sub":"1"}')}.`, REDACTED],
    ['a JWT whose header is pretty-printed JSON', `${base64url('{\n  "alg": "HS256"\n}')}.${payload}.${signature}`, REDACTED],
    ['a JWT whose header has a space after the brace', `${base64url('{ "alg": "HS256" }')}.${payload}.${signature}`, REDACTED],
    ['a JWE (five parts, no key)', `${base64url('{"alg":"dir","enc":"A256GCM"}')}..${'iv_iv_iv_iv_iv_i'}.${signature}.${'tag_tag_tag_tag_'}`, REDACTED],
    ['a JWT cut short', `open ${jwt.slice(0, 80)}…`, `open ${REDACTED}…`],
    ['an opaque dotted token of three long parts', `${'A1b2C3d4E5f6G7h8'}.${'i9J0k1L2m3N4o5P6'}.${'q7R8s9T0u1V2w3X4'}`, REDACTED],
    ['a JWT after other dotted text', `v1.${jwt}`, `v1.${REDACTED}`],
    ['two JWTs', `${jwt} and ${jwt}`, `${REDACTED} and ${REDACTED}`],
  ])('replaces %s', (_case, text, expected) => {
    expect(redactSecretText(text)).toBe(expected);
  });

  it.each([
    ['host names', 'https://order-cockpit.example.com:8443/api/orders'],
    ['hashed file names', 'GET https://cockpit.example.com/assets/main.3f9a1c2b7d4e.js took 12.5 ms'],
    ['versions and addresses', 'release 2026.11.0 on 127.0.0.1 and ::1, pg 16.4.1'],
    ['dotted identifiers', 'server.telemetry.traceSummary, http.request.header.accept, a.b.c.d'],
    ['words that merely contain eyJ or ew', 'monkeyJumping.over.fences heyJude.mp3.bak ewokVillage.endor.map'],
    ['a JOSE header on its own', `${header} and ${header}.`],
    ['ordinary query parameters', '/api/orders?status=new&sort=-createdAt&page=2#top'],
    ['stack traces', 'Error: boom\n    at Object.<anonymous> (/work/main/server/app.ts:12:5)\n    at node:internal/main:1:1'],
  ])('leaves %s alone', (_case, text) => {
    expect(redactSecretText(text)).toBe(text);
  });
});

describe('redactSecretText: credentials and secret URL parameters', () => {
  it.each([
    ['a bearer token', `authorization: Bearer ${jwt}`, `authorization: Bearer ${REDACTED}`],
    ['basic credentials', 'Basic dXNlcjpodW50ZXIy', `Basic ${REDACTED}`],
    ['the password in a URL', 'postgres://cockpit:s3cret@db.internal:5432/cockpit', `postgres://cockpit:${REDACTED}@db.internal:5432/cockpit`],
    ['access_token among several parameters', `/api/orders?status=new&access_token=${jwt}&page=2`, `/api/orders?status=new&access_token=${REDACTED}&page=2`],
    [
      'every secret parameter of a URL, query and fragment',
      '/cb?state=xyz&id_token=aaa&token=bbb&refresh_token=ccc&code_verifier_hint=1#access_token=ddd&expires_in=3600',
      `/cb?state=xyz&id_token=${REDACTED}&token=${REDACTED}&refresh_token=${REDACTED}&code_verifier_hint=1#access_token=${REDACTED}&expires_in=3600`,
    ],
    ['authorization, api key and signature parameters', '?Authorization=Bearer%20abc&api_key=k1&X-Amz-Signature=f00d', `?Authorization=${REDACTED}&api_key=${REDACTED}&X-Amz-Signature=${REDACTED}`],
    ['names in any case', '?ACCESS_TOKEN=abc&Password=hunter2', `?ACCESS_TOKEN=${REDACTED}&Password=${REDACTED}`],
    ['a token in a URL inside another URL, percent-encoded', '/login?returnTo=%2Forders%3Faccess_token%3Dabc%26page%3D2', `/login?returnTo=%2Forders%3Faccess_token%3D${REDACTED}%26page%3D2`],
    ['a token in a URL inside another URL, plain', '/login?returnTo=/orders?token=abc', `/login?returnTo=/orders?token=${REDACTED}`],
    ['a parameter value that is cut short', '?access_token=eyJhbGciOi…', `?access_token=${REDACTED}`],
  ])('replaces %s', (_case, text, expected) => {
    expect(redactSecretText(text)).toBe(expected);
  });

  it('leaves an empty secret parameter empty', () => {
    expect(redactSecretText('/cb?token=&state=1')).toBe('/cb?token=&state=1');
  });
});

describe('redactSecretText on text redacted already', () => {
  it.each([
    REDACTED,
    `Bearer ${REDACTED}`,
    `/api/orders?access_token=${REDACTED}&page=2`,
    `span_${REDACTED} and v1.${REDACTED}.`,
    `postgres://cockpit:${REDACTED}@db/cockpit`,
  ])('changes nothing in %p', (text) => {
    expect(redactSecretText(text)).toBe(text);
  });

  it('gives the same result when applied twice', () => {
    const text = `GET /x?a=1&access_token=${jwt}#id_token=${jwt} Bearer ${jwt} span_${jwt}. ${jwt.slice(0, 60)}… postgres://u:p@h/d`;
    const once = redactSecretText(text);
    expect(once).not.toContain(signature);
    expect(redactSecretText(once)).toBe(once);
  });
});

describe('redactSecretText on long hostile input', () => {
  it.each([
    ['glued JOSE headers without dots', '-eyJhbGciOi'.repeat(100_000)],
    ['separators without values', '?;&#'.repeat(200_000)],
    ['encoded separators', '%26%3F'.repeat(100_000)],
    ['secret names without values', '?tokentoken'.repeat(100_000)],
    ['a dotted run of a million parts', 'a.'.repeat(500_000)],
    ['a long run with one dot', `${'A'.repeat(1_000_000)}.B`],
  ])('takes linear time: %s', (_case, text) => {
    const started = Date.now();
    redactSecretText(text);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('isSecretName', () => {
  it.each(['authorization', 'Authorization', 'http.request.header.authorization', 'cookie', 'Set-Cookie', 'password', 'x-api-key', 'access_token', 'id_token', 'refresh_token', 'client_secret', 'jwt'])(
    'is true for %p',
    (name) => expect(isSecretName(name)).toBe(true),
  );

  it.each(['url', 'http.url', 'status', 'msg', 'err', 'count', 'key', 'collector'])('is false for %p', (name) => expect(isSecretName(name)).toBe(false));
});

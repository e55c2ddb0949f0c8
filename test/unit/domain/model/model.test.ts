import { compareInstants } from '../../../../src/domain/model/compareInstants';
import { environmentForHost } from '../../../../src/domain/model/Environment';
import { jwtExpiry } from '../../../../src/domain/model/jwtExpiry';
import { loginPathReturningTo, safeReturnPath } from '../../../../src/domain/model/returnPath';
import { isValidThemeColor } from '../../../../shared/ThemeColors';
import { fakeJwt } from '../../support/fakeJwt';

describe('compareInstants', () => {
  const sign = (a: string, b: string) => Math.sign(compareInstants(a, b));

  it('orders instants in the API\'s form by time, down to the millisecond and across years', () => {
    expect(sign('2026-11-24T13:05:00.000Z', '2026-11-24T13:05:00.001Z')).toBe(-1);
    expect(sign('2027-01-01T00:00:00.000Z', '2026-12-31T23:59:59.999Z')).toBe(1);
    expect(sign('2026-11-24T13:05:00.000Z', '2026-11-24T13:05:00.000Z')).toBe(0);
  });

  it('reads any other ISO 8601 form as the instant it names', () => {
    expect(sign('2026-11-24T14:05:00+01:00', '2026-11-24T13:05:00.000Z')).toBe(0);
    // As text the offset form would sort after; as an instant it is an hour before.
    expect(sign('2026-11-24T13:30:00+01:00', '2026-11-24T13:05:00.000Z')).toBe(-1);
    expect(sign('2026-11-24T13:05:00Z', '2026-11-24T13:05:00.500Z')).toBe(-1);
  });
});

describe('environmentForHost (spec)', () => {
  it('is production on the production host and test anywhere else', () => {
    expect(environmentForHost('cockpit.example.com', 'cockpit.example.com')).toBe('production');
    expect(environmentForHost('localhost', 'cockpit.example.com')).toBe('test');
    expect(environmentForHost('staging.cockpit.example.com', 'cockpit.example.com')).toBe('test');
  });
});

describe('jwtExpiry', () => {
  it('reads exp in milliseconds, also with non-ASCII claims', () => {
    expect(jwtExpiry(fakeJwt({ exp: 1800000000, name: 'Jürgen' }))).toBe(1800000000000);
  });
  it.each(['', 'a.b', 'a.%%%.c', `x.${Buffer.from('{"exp":"soon"}').toString('base64url')}.y`])('is null for %p', (token) => {
    expect(jwtExpiry(token)).toBeNull();
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/orders?status=new', '/orders?status=new'],
    ['/settings', '/settings'],
    [null, '/orders'],
    ['https://evil.example', '/orders'],
    ['//evil.example', '/orders'],
    ['/\\evil.example', '/orders'],
    ['/login?returnTo=%2Fsettings', '/orders'],
  ])('%p leads to %p', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
  it('builds the login path with returnTo', () => {
    expect(loginPathReturningTo('/orders/42')).toBe('/login?returnTo=%2Forders%2F42');
  });
});

describe('isValidThemeColor', () => {
  it.each(['#0b3d91', '#FFF', 'rgb(11, 61, 145)', 'rgba(11,61,145,0.5)', 'rgb(11 61 145 / 50%)', 'hsl(210, 50%, 40%)', 'hsl(210deg 50% 40%)'])(
    'accepts %p',
    (value) => expect(isValidThemeColor(value)).toBe(true),
  );
  it.each([
    'red;}body{display:none}',
    '</style><script>alert(1)</script>',
    'var(--x)',
    'url(//x)',
    'expression(alert(1))',
    '#ggg',
    'red',
    '#0b3d91;',
    `#${'a'.repeat(10240)}`,
    42,
  ])('refuses %p', (value) => expect(isValidThemeColor(value)).toBe(false));
});

import { environmentForHost } from '../../../src/domain/model/Environment';
import { jwtExpiry } from '../../../src/domain/model/jwtExpiry';
import { loginPathReturningTo, safeReturnPath } from '../../../src/domain/model/returnPath';
import { isValidThemeColor } from '../../../src/domain/model/ThemeColors';
import { fakeJwt } from '../support/fakeJwt';

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

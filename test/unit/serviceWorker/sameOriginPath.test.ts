import { sameOriginPath } from '../../../src/serviceWorker/sameOriginPath';

const ORIGIN = 'https://cockpit.example';

describe('sameOriginPath', () => {
  it.each([
    ['/orders/42', '/orders/42'],
    ['/orders?status=new#top', '/orders?status=new#top'],
    ['orders/42', '/orders/42'],
    ['https://cockpit.example/orders/42', '/orders/42'],
    ['/orders/../settings', '/settings'],
  ])('opens %p as %p', (url, path) => {
    expect(sameOriginPath(url, ORIGIN)).toBe(path);
  });

  it.each([
    'https://evil.example/x',
    'javascript:alert(1)',
    '//evil.example',
    '//evil.example/orders/42',
    '/\\evil.example',
    'http://cockpit.example/orders/42',
    'https://cockpit.example:8443/orders/42',
    'data:text/html,<script>alert(1)</script>',
    'mailto:ops@cockpit.example',
  ])('refuses %p', (url) => {
    expect(sameOriginPath(url, ORIGIN)).toBeNull();
  });

  it.each([undefined, null, '', 42, { pathname: '/orders' }])('refuses %p, which is no address', (url) => {
    expect(sameOriginPath(url, ORIGIN)).toBeNull();
  });
});

import { firstPage } from '../../../../src/ui/routing/firstPage';

describe('firstPage', () => {
  it.each([
    ['/orders', '?status=new&q=Kunde', { page: 'orders', ordersSearch: '?status=new&q=Kunde' }],
    ['/orders/', '?status=new', { page: 'orders', ordersSearch: '?status=new' }],
    ['/orders/o-17', '?sort=-price', { page: 'orders', ordersSearch: '?sort=-price' }],
    // `/` and unknown paths are sent to /orders, without their search.
    ['/', '?status=new', { page: 'orders', ordersSearch: '' }],
    ['/nowhere', '?status=new', { page: 'orders', ordersSearch: '' }],
    ['/orders/o-17/more', '?status=new', { page: 'orders', ordersSearch: '' }],
    ['/settings', '', { page: 'settings', ordersSearch: '' }],
    ['/users', '', { page: 'users', ordersSearch: '' }],
    ['/login', '?returnTo=%2Fsettings', { page: 'login', ordersSearch: '' }],
  ])('signed in, %s%s shows %j', (pathname, search, expected) => {
    expect(firstPage({ pathname, search }, true)).toEqual(expected);
  });

  it.each(['/orders', '/', '/settings', '/login'])('signed out, %s shows the login', (pathname) => {
    expect(firstPage({ pathname, search: '?status=new' }, false)).toEqual({ page: 'login', ordersSearch: '' });
  });
});

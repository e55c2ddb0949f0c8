import { preloadPageCode } from '../../../../src/ui/routing/preloadPageCode';
import * as modules from '../../../../src/ui/routing/routeModules';
import { recordStarts } from './startedImports';

const { pageCode } = modules;

describe('preloadPageCode', () => {
  let imported: string[];

  beforeEach(() => {
    imported = [];
    recordStarts(pageCode, ['login', 'orders', 'settings', 'users'], imported);
    recordStarts(modules, ['shellModule'], imported, 'shell');
  });

  afterEach(() => jest.restoreAllMocks());

  it('asks for the code of the page a signed-in start shows, and for the shell around it', () => {
    preloadPageCode({ pathname: '/orders', search: '?status=new' }, true);
    preloadPageCode({ pathname: '/', search: '' }, true);
    preloadPageCode({ pathname: '/users', search: '' }, true);

    expect(imported).toEqual(['orders', 'shell', 'orders', 'shell', 'users', 'shell']);
  });

  it('asks for the login page alone where there is no stored session, or on /login', () => {
    preloadPageCode({ pathname: '/orders', search: '' }, false);
    preloadPageCode({ pathname: '/login', search: '?returnTo=%2Fsettings' }, true);

    expect(imported).toEqual(['login', 'login']);
  });

  it('leaves a failed import to the route, which imports again', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    jest.spyOn(pageCode, 'settings').mockRejectedValue(new Error('ChunkLoadError'));

    preloadPageCode({ pathname: '/settings', search: '' }, true);
    await new Promise((resolve) => setTimeout(resolve, 0));

    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

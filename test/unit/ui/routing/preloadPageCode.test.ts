import { preloadPageCode } from '../../../../src/ui/routing/preloadPageCode';
import * as modules from '../../../../src/ui/routing/routeModules';

const { pageCode } = modules;

describe('preloadPageCode', () => {
  let imported: string[];

  beforeEach(() => {
    imported = [];
    for (const page of ['login', 'orders', 'settings', 'users'] as const) {
      // A promise that never settles: what matters is that the import was started.
      jest.spyOn(pageCode, page).mockImplementation((): Promise<never> => {
        imported.push(page);
        return new Promise(() => undefined);
      });
    }
    jest.spyOn(modules, 'shellModule').mockImplementation(() => {
      imported.push('shell');
      return new Promise(() => undefined);
    });
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

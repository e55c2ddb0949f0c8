import { NO_ORDER_CRITERIA, type OrderCriteria } from '../../../../src/domain/model/orderQuery';
import type { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import * as drawerModule from '../../../../src/ui/orders/OrderDetailDrawerModule';
import * as cardsModule from '../../../../src/ui/orders/orderCardsModule';
import { preloadFirstScreen } from '../../../../src/ui/routing/preloadFirstScreen';
import { providePageServices } from '../../../../src/ui/routing/pageServices';
import * as modules from '../../../../src/ui/routing/routeModules';
import { recordStarts } from './startedImports';

const { routeModules } = modules;

/** The part of the list the preloader uses, recording what it was asked for. */
function recordingList(): { list: OrdersListStore; preloaded: OrderCriteria[] } {
  const preloaded: OrderCriteria[] = [];
  const list = { preload: async (criteria: OrderCriteria) => void preloaded.push(criteria) } as unknown as OrdersListStore;
  return { list, preloaded };
}

describe('preloadFirstScreen', () => {
  let imported: string[];

  beforeEach(() => {
    imported = [];
    recordStarts(routeModules, ['login', 'orders', 'settings'], imported);
    recordStarts(modules, ['shellModule'], imported, 'shell');
    recordStarts(drawerModule, ['loadOrderDetailDrawer'], imported, 'order-detail');
    recordStarts(cardsModule, ['loadOrderCards'], imported, 'order-cards');
  });

  afterEach(() => jest.restoreAllMocks());

  it('starts the orders page module and the first page of the URL\'s criteria at once, signed in on /orders', () => {
    const { list, preloaded } = recordingList();

    preloadFirstScreen({ pathname: '/orders', search: '?status=new&status=confirmed&q=Kunde&sort=-price' }, true, list);

    expect(imported).toEqual(['orders', 'shell']);
    expect(preloaded).toEqual([{ ...NO_ORDER_CRITERIA, status: ['new', 'confirmed'], q: 'Kunde', sort: { key: 'price', descending: true } }]);
  });

  it('starts the orders with the default criteria where the routes send the start to /orders', () => {
    const { list, preloaded } = recordingList();

    preloadFirstScreen({ pathname: '/', search: '?status=new' }, true, list);

    expect(imported).toEqual(['orders', 'shell']);
    expect(preloaded).toEqual([NO_ORDER_CRITERIA]);
  });

  it('starts only the module of a page that is not the orders (and the signed-in shell around it), and no list', () => {
    const { list, preloaded } = recordingList();

    preloadFirstScreen({ pathname: '/settings', search: '' }, true, list);
    preloadFirstScreen({ pathname: '/orders', search: '?status=new' }, false, list);

    expect(imported).toEqual(['settings', 'shell', 'login']);
    expect(preloaded).toEqual([]);
  });

  it('starts the signed-in shell for no login page: signed out, or on /login', () => {
    preloadFirstScreen({ pathname: '/login', search: '' }, true, recordingList().list);
    preloadFirstScreen({ pathname: '/login', search: '?returnTo=%2Forders' }, false, recordingList().list);

    expect(imported).toEqual(['login', 'login']);
  });

  it('starts the order drawer\'s chunk beside the orders on a start on one order', () => {
    const { list, preloaded } = recordingList();

    preloadFirstScreen({ pathname: '/orders/o-17', search: '?status=new' }, true, list);
    preloadFirstScreen({ pathname: '/orders/o-17', search: '' }, false, list);

    expect(imported).toEqual(['orders', 'shell', 'order-detail', 'login']);
    expect(preloaded).toEqual([{ ...NO_ORDER_CRITERIA, status: ['new'] }]);
  });

  it('starts the phone\'s cards beside the orders on a phone, and nowhere else', () => {
    const { list } = recordingList();

    preloadFirstScreen({ pathname: '/orders', search: '' }, true, list, true);
    preloadFirstScreen({ pathname: '/settings', search: '' }, true, list, true);
    preloadFirstScreen({ pathname: '/orders', search: '' }, true, list, false);

    expect(imported).toEqual(['orders', 'shell', 'order-cards', 'settings', 'shell', 'orders', 'shell']);
  });

  it('leaves a failed import to the route, which imports again', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    jest.spyOn(routeModules, 'orders').mockRejectedValue(new Error('ChunkLoadError'));

    preloadFirstScreen({ pathname: '/orders', search: '' }, true, recordingList().list);
    await new Promise((resolve) => setTimeout(resolve, 0));

    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('routeModules', () => {
  it('imports a page once, whoever asks first: the preloader or the route', async () => {
    const preloaded = routeModules.orders();
    const byRoute = routeModules.orders();

    expect(byRoute).toBe(preloaded);
    expect(typeof (await byRoute)[0].OrdersPage).toBe('object');
  });

  it('brings a page\'s services with its module, also when its code was asked for before they were provided', async () => {
    const code = modules.pageCode.settings();
    const loaded: string[] = [];
    providePageServices('settings', async () => void loaded.push('settings services'));

    const [module] = await routeModules.settings();

    expect(loaded).toEqual(['settings services']);
    expect(module).toBe((await code)[0]);
  });
});

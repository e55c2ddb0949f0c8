import { act, fireEvent, screen } from '@testing-library/react';
import { OrdersApi } from '../../../../src/domain/ports/OrdersApi';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { OrderDetailStore } from '../../../../src/domain/stores/OrderDetailStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { OrderDetailDrawer } from '../../../../src/ui/orders/OrderDetailDrawer';
import { OrdersPage } from '../../../../src/ui/orders/OrdersPage';
import { PrintListButton } from '../../../../src/ui/print/PrintListButton';
import { PrintRoot } from '../../../../src/ui/print/PrintRoot';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, demoViewer, loginResult } from '../../support/demoUser';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { renderWithServices } from '../../support/renderWithServices';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const paper = () => document.querySelector('body > .cockpit-print');

describe('the Print buttons', () => {
  let bed: TestBed;
  let api: FakeOrdersApi;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    api = new FakeOrdersApi(makeOrders(30));
    bed.container.rebind(OrdersApi).toConstantValue(api);
  });

  afterEach(() =>
    act(() => {
      bed.container.get(OrderDetailStore).close();
      bed.container.get(OrdersListStore).dispose();
    }),
  );

  it('the orders page has one in its toolbar and puts its print beside the console in <body>', async () => {
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now(), demoUser));
    renderWithServices(bed, <OrdersPage />, '/orders');
    await settle();
    expect(screen.getByTestId('print-list').textContent).toBe('Drucken');
    expect(paper()).toBeTruthy();
  });

  it('the order drawer has one, for a viewer too', async () => {
    const order = makeOrders(1)[0]!;
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now(), demoViewer));
    renderWithServices(bed, <OrderDetailDrawer orderId={order.id} onClose={() => undefined} />);
    await act(() => bed.container.get(OrderDetailStore).open(order.id));
    fireEvent.click(screen.getByTestId('print-order'));
    expect(bed.printDialog.opened).toBe(1);
  });

  it('the toolbar\'s Print beside an open order prints the list, and the order\'s sheet is back after it', async () => {
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now(), demoUser));
    const list = bed.container.get(OrdersListStore);
    list.start();
    await act(() => list.load());
    const order = api.orders[0]!;
    renderWithServices(
      bed,
      <>
        <PrintListButton />
        <PrintRoot orderId={order.id} />
      </>,
    );
    await act(() => bed.container.get(OrderDetailStore).open(order.id));
    expect(paper()?.querySelector('[data-testid="print-order-sheet"]')).toBeTruthy();
    let rowsThen = 0;
    bed.printDialog.onOpen = () => (rowsThen = paper()?.querySelectorAll('[data-testid="print-list"] tbody tr').length ?? 0);
    fireEvent.click(screen.getByTestId('print-list'));
    await settle();
    await settle();
    expect(bed.printDialog.opened).toBe(1);
    expect(rowsThen).toBe(30);
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(paper()?.querySelector('[data-testid="print-order-sheet"]')).toBeTruthy();
  });
});

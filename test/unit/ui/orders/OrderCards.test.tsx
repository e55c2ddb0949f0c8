import { act, fireEvent, screen, within } from '@testing-library/react';
import { OrdersApi } from '../../../../src/domain/ports/OrdersApi';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { CARD_HEIGHT, OrderCards } from '../../../../src/ui/orders/OrderCards';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, demoViewer, loginResult } from '../../support/demoUser';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { fakeOrderRows } from '../../support/fakeOrderRows';
import { renderWithServices } from '../../support/renderWithServices';

const frame = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('OrderCards', () => {
  let bed: TestBed;
  let list: ReturnType<typeof fakeOrderRows>;
  let api: FakeOrdersApi;
  const orders = makeOrders(1000).map((order, index) => (index === 1 ? { ...order, status: 'confirmed' as const, service: 'Reifenwechsel' } : order));

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    list = fakeOrderRows(orders);
    api = new FakeOrdersApi(orders.map((order) => ({ ...order })));
    bed.container.rebind(OrdersListStore).toConstantValue(list as unknown as OrdersListStore);
    bed.container.rebind(OrdersApi).toConstantValue(api);
  });

  const render = (user = demoUser, onOpen: (index: number) => void = () => undefined) => {
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now(), user));
    return renderWithServices(bed, <OrderCards onOpen={onOpen} />, '/orders');
  };
  const cards = () => Array.from(document.querySelectorAll<HTMLElement>('.cockpit-order-card'));
  const card = (id: string) => document.querySelector<HTMLElement>(`.cockpit-order-card[data-order-id="${id}"]`) as HTMLElement;

  it('draws only the cards in view, asks the list for their pages, and moves on as the view scrolls', async () => {
    const view = render();
    await frame();
    const drawn = cards();
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(30);
    expect(drawn[0]?.dataset.orderId).toBe('o-1');
    expect(list.showRows).toHaveBeenLastCalledWith(0, drawn.length - 1);
    const scroller = screen.getByTestId('order-cards');
    scroller.scrollTop = 100 * CARD_HEIGHT;
    fireEvent.scroll(scroller);
    await frame();
    const ids = cards().map((element) => element.dataset.orderId);
    expect(ids).toContain('o-101');
    expect(ids).not.toContain('o-1');
    expect(cards().length).toBe(drawn.length);
    expect(list.showRows).toHaveBeenLastCalledWith(96, 96 + drawn.length - 1);
    // Placed by its index, as the grid's rows are.
    expect(card('o-101').style.getPropertyValue('--row-index')).toBe('100');
    view.unmount();
  });

  it('says what the operator needs of each order, in the language: number, time, customer, car and plate, station and service, price, status', async () => {
    const view = render();
    await frame();
    const second = card('o-2');
    expect(second.textContent).toContain('AN-2026-000002');
    expect(second.textContent).toContain('16.11.2026');
    expect(second.textContent).toMatch(/16\.11\.2026 \d\d:05 – \d\d:05/);
    expect(second.textContent).toContain('Kunde 2');
    expect(second.textContent).toContain('VW Golf · KI-AB 2');
    expect(second.textContent).toContain('Kiel · Reifenwechsel');
    expect(second.textContent).toContain('100,01\u00a0€');
    expect(within(second).getByTestId('card-status').textContent).toBe('Bestätigt');
    await act(() => view.i18n.changeLanguage('en'));
    expect(card('o-2').textContent).toContain('€100.01');
    expect(card('o-2').textContent).toMatch(/16\/11\/2026 \d\d:05 – \d\d:05/);
    expect(within(card('o-2')).getByTestId('card-status').textContent).toBe('Confirmed');
    view.unmount();
  });

  it('offers an operator the moves the life cycle allows, sends the version seen, and shows the order moved', async () => {
    const view = render();
    await frame();
    expect(within(card('o-1')).getAllByRole('button').map((button) => button.textContent)).toEqual(['AN-2026-000001', 'Bestätigen', 'Stornieren']);
    expect(within(card('o-2')).getAllByRole('button').map((button) => button.textContent)).toEqual(['AN-2026-000002', 'Arbeit beginnen', 'Stornieren']);
    fireEvent.click(within(card('o-2')).getByRole('button', { name: 'Arbeit beginnen' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(api.updates).toEqual([{ id: 'o-2', version: 1, change: { status: 'in_progress' } }]);
    expect(within(card('o-2')).getByTestId('card-status').textContent).toBe('In Arbeit');
    expect(within(card('o-2')).getAllByRole('button').map((button) => button.textContent)).toEqual(['AN-2026-000002', 'Abschließen']);
    expect(bed.notifier.toasts.at(-1)).toMatchObject({ message: 'orderDetail.saved', intent: 'success' });
    view.unmount();
  });

  it('tells a conflict rather than losing it: the order changed meanwhile is shown as it is now, nothing moved', async () => {
    const changed = { ...api.orders[0]!, status: 'cancelled' as const, version: 2 };
    api.orders[0] = changed;
    const view = render();
    await frame();
    fireEvent.click(within(card('o-1')).getByRole('button', { name: 'Bestätigen' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(api.updates).toEqual([{ id: 'o-1', version: 1, change: { status: 'confirmed' } }]);
    expect(bed.notifier.toasts.at(-1)).toEqual({ title: 'orders.cards.conflictTitle', message: 'orders.cards.conflict', values: { number: 'AN-2026-000001' }, intent: 'warning' });
    expect(within(card('o-1')).getByTestId('card-status').textContent).toBe('Storniert');
    expect(within(card('o-1')).queryByRole('button', { name: 'Bestätigen' })).toBeNull();
    view.unmount();
  });

  it('gives a viewer the cards to read, with no move', async () => {
    const view = render(demoViewer);
    await frame();
    expect(card('o-1').textContent).toContain('AN-2026-000001');
    expect(within(card('o-1')).getAllByRole('button').map((button) => button.textContent)).toEqual(['AN-2026-000001']);
    view.unmount();
  });

  it('opens the order of a card by its number', async () => {
    const onOpen = jest.fn();
    const view = render(demoUser, onOpen);
    await frame();
    fireEvent.click(screen.getByRole('button', { name: 'Auftrag AN-2026-000003 öffnen' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledWith(2);
    view.unmount();
  });

  it('opens the order of a card tapped anywhere but on its moves, once for a double tap', async () => {
    const onOpen = jest.fn();
    const view = render(demoUser, onOpen);
    await frame();
    fireEvent.click(within(card('o-4')).getByText('Kunde 4'), { detail: 1 });
    expect(onOpen).toHaveBeenCalledWith(3);
    fireEvent.click(within(card('o-4')).getByText('Kunde 4'), { detail: 2 });
    fireEvent.click(card('o-5'), { detail: 1 });
    expect(onOpen.mock.calls).toEqual([[3], [4]]);
    fireEvent.click(within(card('o-1')).getByRole('button', { name: 'Bestätigen' }));
    fireEvent.click(card('o-1').querySelector('.cockpit-order-card-moves') as HTMLElement);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(onOpen.mock.calls).toEqual([[3], [4]]);
    view.unmount();
  });
});

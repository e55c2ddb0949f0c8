import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { OrderDetailStore } from '../../../../src/domain/stores/OrderDetailStore';
import * as OrderDetailDrawer from '../../../../src/ui/orders/OrderDetailDrawer';
import { OrderDetailDrawerLoader } from '../../../../src/ui/orders/OrderDetailDrawerLoader';
import * as drawerModule from '../../../../src/ui/orders/OrderDetailDrawerModule';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { makeOrders } from '../../support/FakeOrdersApi';
import { renderWithServices } from '../../support/renderWithServices';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** The drawer's chunk as the test hands it over: on its way until `arrive` or `fail`. */
function heldChunk() {
  const held: { arrive(): void; fail(): void; loads: number } = { arrive: () => undefined, fail: () => undefined, loads: 0 };
  jest.spyOn(drawerModule, 'loadedOrderDetailDrawer').mockReturnValue(null);
  jest.spyOn(drawerModule, 'loadOrderDetailDrawer').mockImplementation(
    () =>
      new Promise((resolve, reject) => {
        held.loads += 1;
        held.arrive = () => resolve(OrderDetailDrawer);
        held.fail = () => reject(new Error('ChunkLoadError'));
      }),
  );
  return held;
}

describe('OrderDetailDrawerLoader', () => {
  let bed: TestBed;
  const order = makeOrders(1)[0]!;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    bed.backend.on(`GET /orders/${order.id}`, { status: 200, body: order });
  });

  afterEach(() => {
    bed.container.get(OrderDetailStore).close();
    jest.restoreAllMocks();
  });

  it('loads nothing and shows nothing while no order is open', async () => {
    const chunk = heldChunk();
    renderWithServices(bed, <OrderDetailDrawerLoader orderId={null} onClose={() => undefined} />);
    await settle();
    expect(chunk.loads).toBe(0);
    expect(screen.queryByTestId('order-detail-pending')).toBeNull();
    expect(bed.backend.requests).toEqual([]);
  });

  it('asks for the order while the drawer\'s chunk is on its way, says that it is loading, then shows the drawer', async () => {
    const chunk = heldChunk();
    const closed = jest.fn();
    renderWithServices(bed, <OrderDetailDrawerLoader orderId={order.id} onClose={closed} />);
    await settle();

    expect(chunk.loads).toBe(1);
    expect(bed.backend.requests.map((request) => `${request.method} ${request.url}`)).toEqual([`GET /orders/${order.id}`]);
    const pending = screen.getByTestId('order-detail-pending');
    expect(pending.getAttribute('aria-busy')).toBe('true');
    expect(pending.textContent).toContain('Auftrag wird geladen …');
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(closed).toHaveBeenCalledTimes(1);

    await act(async () => chunk.arrive());
    await settle();
    expect(screen.queryByTestId('order-detail-pending')).toBeNull();
    expect(document.querySelector('.cockpit-order-detail')?.textContent).toContain(`Auftrag ${order.number}`);
    // The order was asked for once (the drawer shows what the store holds), and its history once.
    expect(bed.backend.requests.map((request) => `${request.method} ${request.url}`)).toEqual([`GET /orders/${order.id}`, `GET /orders/${order.id}/history`]);
  });

  it('says when the drawer could not be loaded, and loads it again on retry', async () => {
    const chunk = heldChunk();
    renderWithServices(bed, <OrderDetailDrawerLoader orderId={order.id} onClose={() => undefined} />);
    await settle();
    await act(async () => chunk.fail());
    await settle();
    const pending = screen.getByTestId('order-detail-pending');
    expect(pending.getAttribute('aria-busy')).toBe('false');
    expect(pending.textContent).toContain('Der Auftrag konnte nicht geladen werden');

    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await settle();
    expect(chunk.loads).toBe(2);
    await act(async () => chunk.arrive());
    await settle();
    expect(document.querySelector('.cockpit-order-detail')?.textContent).toContain(`Auftrag ${order.number}`);
  });

  it('draws a drawer whose chunk has arrived before in the render that opens it, without a loading state', async () => {
    jest.spyOn(drawerModule, 'loadedOrderDetailDrawer').mockReturnValue(OrderDetailDrawer);
    const load = jest.spyOn(drawerModule, 'loadOrderDetailDrawer');
    function Page() {
      const [open, setOpen] = useState<string | null>(null);
      return (
        <>
          <button type="button" onClick={() => setOpen(order.id)}>
            open
          </button>
          <OrderDetailDrawerLoader orderId={open} onClose={() => undefined} />
        </>
      );
    }
    renderWithServices(bed, <Page />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.queryByTestId('order-detail-pending')).toBeNull();
    expect(document.querySelector('.cockpit-order-detail')).not.toBeNull();
    expect(load).not.toHaveBeenCalled();
    await settle();
  });
});

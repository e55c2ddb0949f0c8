import type { Order } from '../../../../shared/Order';
import { ApiError } from '../../../../src/domain/model/ApiError';
import type { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { OrderStatusMovesStore } from '../../../../src/domain/stores/OrderStatusMovesStore';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { FakeNotifier } from '../../support/fakes';

describe('OrderStatusMovesStore', () => {
  let api: FakeOrdersApi;
  let notifier: FakeNotifier;
  let replaced: Order[];
  let moves: OrderStatusMovesStore;
  const [order] = makeOrders(1) as [Order];

  beforeEach(() => {
    api = new FakeOrdersApi([{ ...order }]);
    notifier = new FakeNotifier();
    replaced = [];
    moves = new OrderStatusMovesStore(api, { replaceOrder: (next: Order) => replaced.push(next) } as unknown as OrdersListStore, notifier);
  });

  it('moves an order as seen, puts the moved order into the list and says so', async () => {
    expect(await moves.move(order, 'confirmed')).toBe(true);
    expect(api.updates).toEqual([{ id: order.id, version: 1, change: { status: 'confirmed' } }]);
    expect(replaced).toEqual([{ ...order, status: 'confirmed', version: 2 }]);
    expect(notifier.toasts).toEqual([{ message: 'orderDetail.saved', values: { number: order.number }, intent: 'success' }]);
  });

  it('sends nothing for a move the life cycle does not allow, nor a second one while the first is under way', async () => {
    expect(await moves.move(order, 'completed')).toBe(false);
    api.hold();
    const first = moves.move(order, 'confirmed');
    expect(moves.isMoving(order.id)).toBe(true);
    expect(await moves.move(order, 'cancelled')).toBe(false);
    api.release();
    expect(await first).toBe(true);
    expect(moves.isMoving(order.id)).toBe(false);
    expect(api.updates.map((update) => update.change)).toEqual([{ status: 'confirmed' }]);
  });

  it('tells a refusal other than a conflict with its reason, and a 401 not at all (the session rule tells it)', async () => {
    api.failNext = new ApiError(503);
    expect(await moves.move(order, 'confirmed')).toBe(false);
    expect(notifier.toasts).toEqual([{ title: 'orderDetail.saveFailed', message: new ApiError(503).messageKey, intent: 'danger' }]);
    api.failNext = new ApiError(401);
    expect(await moves.move(order, 'confirmed')).toBe(false);
    expect(notifier.toasts).toHaveLength(1);
    expect(replaced).toEqual([]);
  });
});

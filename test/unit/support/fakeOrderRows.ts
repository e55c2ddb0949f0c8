import { computed, observable, runInAction } from 'mobx';
import type { Order } from '../../../shared/Order';

/**
 * The part of the list store the grid and the phone's cards read (and a card's move writes), over an
 * observable array of rows (null: loading). The count is computed, as in the store: replacing a row
 * does not change the count a view's frame renders.
 */
export function fakeOrderRows(initial: (Order | null)[]) {
  const rows = observable.array(initial, { deep: false });
  const count = computed(() => rows.length);
  return {
    rows,
    get rowCount() {
      return count.get();
    },
    get total() {
      return count.get();
    },
    rowAt: (index: number) => rows[index] ?? null,
    showRows: jest.fn(),
    replaceOrder: (order: Order) =>
      runInAction(() => {
        const index = rows.findIndex((row) => row?.id === order.id);
        if (index >= 0) rows[index] = order;
      }),
  };
}

import { act, fireEvent, screen } from '@testing-library/react';
import type { Order } from '../../../../src/domain/model/Order';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { PreferencesStore } from '../../../../src/domain/stores/PreferencesStore';
import { formatDateTimeIn } from '../../../../src/ui/format/dates';
import { OrdersTable, ROW_HEIGHT } from '../../../../src/ui/orders/OrdersTable';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { makeOrders } from '../../support/FakeOrdersApi';
import { renderWithServices } from '../../support/renderWithServices';

/** The part of the list store the grid reads: 1 000 loaded rows. */
function listOf(orders: Order[]) {
  return {
    rowCount: orders.length,
    total: orders.length,
    rowAt: (index: number) => orders[index] ?? null,
    showRows: jest.fn(),
  };
}

const frame = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('OrdersTable', () => {
  let bed: TestBed;
  const orders = makeOrders(1000);

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    bed.container.rebind(OrdersListStore).toConstantValue(listOf(orders) as unknown as OrdersListStore);
  });

  const render = () =>
    renderWithServices(bed, <OrdersTable sort={{ key: 'begin', descending: false }} onSort={() => undefined} selected={-1} onSelect={() => undefined} onOpen={() => undefined} />, '/orders');

  const bodyRows = () => Array.from(document.querySelectorAll('.cockpit-orders-body > [role="row"]'));

  it('keeps every row element while scrolling, handing each another order', async () => {
    const view = render();
    await frame();
    const before = bodyRows();
    // jsdom lays nothing out (the view is 0 px high): the grid renders its minimum of 12 slots.
    expect(before).toHaveLength(12);
    const grid = screen.getByRole('grid');
    grid.scrollTop = 10 * ROW_HEIGHT;
    fireEvent.scroll(grid);
    await frame();
    const after = bodyRows();
    expect(after).toHaveLength(12);
    expect(after.every((row) => before.includes(row))).toBe(true);
    expect(after.map((row) => row.getAttribute('aria-rowindex')).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 12 }, (_, i) => String(6 + i + 2)),
    );
    view.lifecycle.dispose();
  });

  it('shows dates, status and price in the language, and again after a switch', async () => {
    const view = render();
    await frame();
    const cells = () => Array.from(document.querySelector('[data-order-id="o-1"]')?.querySelectorAll('[role="gridcell"]') ?? []).map((cell) => cell.textContent);
    const first = orders[0] as Order;
    expect(cells()).toEqual([first.number, 'Neu', formatDateTimeIn(first.begin, 'de'), formatDateTimeIn(first.end, 'de'), 'Kiel', 'Kunde 1', 'KI-AB 1', 'VW Golf', '100,00\u00a0€']);
    expect(cells()[2]).toMatch(/^\d\d\.\d\d\.2026 \d\d:\d\d$/);
    expect(screen.getByRole('columnheader', { name: 'Beginn' }).getAttribute('aria-sort')).toBe('ascending');
    await act(() => bed.container.get(PreferencesStore).changeLanguage('en'));
    expect(cells()).toEqual([first.number, 'New', formatDateTimeIn(first.begin, 'en'), formatDateTimeIn(first.end, 'en'), 'Kiel', 'Kunde 1', 'KI-AB 1', 'VW Golf', '100,00\u00a0€']);
    expect(cells()[2]).toMatch(/^\d\d\/\d\d\/2026 \d\d:\d\d$/);
    expect(screen.getByRole('columnheader', { name: 'Begin' }).getAttribute('aria-sort')).toBe('ascending');
    view.lifecycle.dispose();
  });
});

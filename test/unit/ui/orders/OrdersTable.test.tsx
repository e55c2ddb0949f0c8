import { MAX_SELECTION, OrderSelectionStore } from '../../../../src/domain/stores/OrderSelectionStore';
import { act, fireEvent, screen } from '@testing-library/react';
import { runInAction } from 'mobx';
import { Component, type ReactNode } from 'react';
import type { Order } from '../../../../shared/Order';
import { OrderColumnsStore } from '../../../../src/domain/stores/OrderColumnsStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { PreferencesStore } from '../../../../src/domain/stores/PreferencesStore';
import { formatDateTimeIn } from '../../../../src/ui/format/dates';
import { OrdersTable } from '../../../../src/ui/orders/OrdersTable';
import { ROW_HEIGHT, TOUCH_ROW_HEIGHT } from '../../../../src/ui/orders/rowWindow';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { makeOrders } from '../../support/FakeOrdersApi';
import { fakeOrderRows } from '../../support/fakeOrderRows';
import { renderWithServices } from '../../support/renderWithServices';

/** Shows what its children threw, as the route's error panel would. */
class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

const frame = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('OrdersTable', () => {
  let bed: TestBed;
  let list: ReturnType<typeof fakeOrderRows>;
  const orders = makeOrders(1000);

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    list = fakeOrderRows(orders);
    bed.container.rebind(OrdersListStore).toConstantValue(list as unknown as OrdersListStore);
  });

  const render = (props: { selected?: number; onSelect?: (index: number) => void; onOpen?: (index: number) => void; multiSelect?: boolean } = {}) =>
    renderWithServices(
      bed,
      <OrdersTable
        sort={{ key: 'begin', descending: false }}
        onSort={() => undefined}
        selected={props.selected ?? -1}
        onSelect={props.onSelect ?? (() => undefined)}
        onOpen={props.onOpen ?? (() => undefined)}
        multiSelect={props.multiSelect}
      />,
      '/orders',
    );

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

  it('describes a marked row as selected for an action on several orders, not by its tint alone', async () => {
    const view = render();
    await frame();
    const row = () => document.querySelector('[role="row"][data-order-id="o-2"]') as HTMLElement;
    expect(row().getAttribute('aria-describedby')).toBeNull();
    act(() => bed.container.get(OrderSelectionStore).toggle(1));
    await frame();
    expect(row().getAttribute('data-marked')).toBe('true');
    const note = document.getElementById(row().getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe('Für eine Aktion auf mehrere Aufträge ausgewählt');
    act(() => bed.container.get(OrderSelectionStore).toggle(1));
    await frame();
    expect(row().getAttribute('aria-describedby')).toBeNull();
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
    expect(cells()).toEqual([first.number, 'New', formatDateTimeIn(first.begin, 'en'), formatDateTimeIn(first.end, 'en'), 'Kiel', 'Kunde 1', 'KI-AB 1', 'VW Golf', '€100.00']);
    expect(cells()[2]).toMatch(/^\d\d\/\d\d\/2026 \d\d:\d\d$/);
    expect(screen.getByRole('columnheader', { name: 'Begin' }).getAttribute('aria-sort')).toBe('ascending');
    view.lifecycle.dispose();
  });

  it('rewrites only the cells of an order that changed, at once, keeping its row element and text nodes', async () => {
    const view = render();
    await frame();
    const row = document.querySelector('[data-order-id="o-2"]') as HTMLElement;
    const stationText = row.querySelectorAll('[role="gridcell"]')[4]?.firstChild;
    const numberText = row.querySelectorAll('[role="gridcell"]')[0]?.firstChild;
    const changed: Order = { ...(orders[1] as Order), station: 'Lübeck', status: 'confirmed', version: 2 };
    runInAction(() => list.rows.splice(1, 1, changed));
    // No frame awaited: the rows are written in the action's own turn.
    const cells = Array.from(row.querySelectorAll('[role="gridcell"]'));
    expect(cells[4]?.textContent).toBe('Lübeck');
    expect(cells[1]?.textContent).toBe('Bestätigt');
    expect(row.querySelector('.cockpit-status')?.className).toBe('cockpit-status cockpit-status-confirmed');
    expect(document.querySelector('[data-order-id="o-2"]')).toBe(row);
    expect(cells[4]?.firstChild).toBe(stationText);
    expect(cells[0]?.firstChild).toBe(numberText);
    view.lifecycle.dispose();
  });

  it('writes nothing but the changed text when a live change touches one cell', async () => {
    const view = render({ selected: 3 });
    await frame();
    const body = document.querySelector('.cockpit-orders-body') as HTMLElement;
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((found) => records.push(...found));
    observer.observe(body, { subtree: true, childList: true, attributes: true, characterData: true });
    runInAction(() => list.rows.splice(3, 1, { ...(orders[3] as Order), station: 'Lübeck', version: 2 }));
    records.push(...observer.takeRecords());
    observer.disconnect();
    expect(records.map((record) => [record.type, record.target.textContent])).toEqual([['characterData', 'Lübeck']]);
    view.lifecycle.dispose();
  });

  it('writes nothing of the check boxes when a live change touches one cell of a row', async () => {
    const view = render({ selected: 3, multiSelect: true });
    await frame();
    act(() => bed.container.get(OrderSelectionStore).toggle(3));
    await frame();
    const body = document.querySelector('.cockpit-orders-body') as HTMLElement;
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((found) => records.push(...found));
    observer.observe(body, { subtree: true, childList: true, attributes: true, characterData: true });
    runInAction(() => list.rows.splice(3, 1, { ...(orders[3] as Order), station: 'Lübeck', version: 2 }));
    records.push(...observer.takeRecords());
    observer.disconnect();
    expect(records.map((record) => [record.type, record.target.textContent])).toEqual([['characterData', 'Lübeck']]);
    expect((document.querySelector('[data-order-id="o-4"] input') as HTMLInputElement).checked).toBe(true);
    view.lifecycle.dispose();
  });

  it('reads no text back from the page when a live change rewrites a row', async () => {
    const view = render();
    await frame();
    const data = Object.getOwnPropertyDescriptor(CharacterData.prototype, 'data') as PropertyDescriptor;
    const read = jest.spyOn(data, 'get');
    Object.defineProperty(CharacterData.prototype, 'data', data);
    try {
      runInAction(() => list.rows.splice(3, 1, { ...(orders[3] as Order), station: 'Lübeck', status: 'confirmed', version: 2 }));
      // Every read of a node's text makes the browser hand the script a string of its own.
      expect(read).not.toHaveBeenCalled();
      expect(document.querySelector('[data-order-id="o-4"] [role="gridcell"]:nth-child(5)')?.textContent).toBe('Lübeck');
    } finally {
      read.mockRestore();
      Object.defineProperty(CharacterData.prototype, 'data', data);
    }
    view.lifecycle.dispose();
  });

  it('shows a row whose page is loading as empty, and fills it when the order arrives', async () => {
    list.rows.replace([orders[0] as Order, null, orders[2] as Order]);
    const view = render();
    await frame();
    const loading = document.querySelector('[aria-rowindex="3"]') as HTMLElement;
    expect(loading.classList.contains('cockpit-order-row-loading')).toBe(true);
    expect(loading.hasAttribute('data-order-id')).toBe(false);
    expect(loading.textContent).toBe('');
    runInAction(() => list.rows.splice(1, 1, orders[1] as Order));
    expect(loading.classList.contains('cockpit-order-row-loading')).toBe(false);
    expect(loading.getAttribute('data-order-id')).toBe('o-2');
    view.lifecycle.dispose();
  });

  it('has as many row elements as rows when the list is shorter than the view, and more as it grows', async () => {
    list.rows.replace(orders.slice(0, 3));
    const view = render();
    await frame();
    expect(bodyRows()).toHaveLength(3);
    // The grid's height follows the row count (a React render); the rows themselves do not wait for it.
    act(() => runInAction(() => list.rows.push(orders[3] as Order, orders[4] as Order)));
    expect(bodyRows()).toHaveLength(5);
    act(() => runInAction(() => list.rows.replace([])));
    expect(bodyRows()).toHaveLength(0);
    view.lifecycle.dispose();
  });

  it('opens the row clicked or tapped, by its index in the list, once for a double click', async () => {
    const onSelect = jest.fn();
    const onOpen = jest.fn();
    const view = render({ selected: 4, onSelect, onOpen, multiSelect: true });
    await frame();
    expect(document.querySelector('[aria-rowindex="6"]')?.getAttribute('aria-selected')).toBe('true');
    expect(document.querySelector('[aria-rowindex="6"]')?.classList.contains('cockpit-order-row-selected')).toBe(true);
    expect(document.querySelector('[aria-rowindex="5"]')?.getAttribute('aria-selected')).toBe('false');
    const cell = document.querySelector('[data-order-id="o-3"] [role="gridcell"]:nth-child(6)') as HTMLElement;
    fireEvent.click(cell, { detail: 1 });
    expect(onSelect).toHaveBeenCalledWith(2);
    expect(onOpen).toHaveBeenCalledWith(2);
    // A double click's second click and the double click itself open nothing more: its first click did.
    fireEvent.click(cell, { detail: 2 });
    fireEvent.doubleClick(cell, { detail: 2 });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(bed.container.get(OrderSelectionStore).count).toBe(0);
    view.lifecycle.dispose();
  });

  it('selects orders for an action on several with the check box, Ctrl/Cmd-click, Shift-click and Space, opening none', async () => {
    const onSelect = jest.fn();
    const onOpen = jest.fn();
    const view = render({ selected: 9, onSelect, onOpen, multiSelect: true });
    await frame();
    const selection = bed.container.get(OrderSelectionStore);
    const marked = () => [...selection.selected.keys()];
    const cell = (id: string) => document.querySelector(`[data-order-id="${id}"] [role="gridcell"]:nth-child(3)`) as HTMLElement;
    const box = screen.getByRole('checkbox', { name: 'Auftrag AN-2026-000003 auswählen' }) as HTMLInputElement;
    // Out of the Tab order (the grid is one Tab stop), in the row's first cell, whose text stays the column's.
    expect(box.tabIndex).toBe(-1);
    const first = document.querySelector('[data-order-id="o-3"] [role="gridcell"]');
    expect(box.closest('[role="gridcell"]')).toBe(first);
    expect(first?.textContent).toBe('AN-2026-000003');
    expect(screen.getByRole('grid').classList.contains('cockpit-orders-grid-marking')).toBe(true);

    fireEvent.click(box);
    await frame();
    expect(marked()).toEqual(['o-3']);
    expect(box.checked).toBe(true);
    fireEvent.click(cell('o-5'), { ctrlKey: true });
    fireEvent.click(cell('o-6'), { metaKey: true });
    expect(marked()).toEqual(['o-3', 'o-5', 'o-6']);
    fireEvent.click(cell('o-8'), { shiftKey: true });
    expect(marked()).toEqual(['o-3', 'o-5', 'o-6', 'o-7', 'o-8']);
    fireEvent.click(box);
    await frame();
    expect(marked()).toEqual(['o-5', 'o-6', 'o-7', 'o-8']);
    expect(box.checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Auftrag AN-2026-000007 auswählen' }) as HTMLInputElement).checked).toBe(true);
    // The box around the check box takes the click too (a finger's 44 px); Shift on it selects from the row last toggled.
    const second = screen.getByRole('checkbox', { name: 'Auftrag AN-2026-000002 auswählen' });
    fireEvent.click(second.parentElement as HTMLElement, { shiftKey: true });
    expect(marked()).toEqual(['o-5', 'o-6', 'o-7', 'o-8', 'o-2', 'o-3']);
    expect(onOpen).not.toHaveBeenCalled();
    // Each moved the cursor to its row, so that Space goes on from there.
    expect(onSelect).toHaveBeenLastCalledWith(1);
    // Space selects the cursor's row (the page keeps the cursor: here it stays at the tenth row).
    fireEvent.keyDown(screen.getByRole('grid'), { key: ' ' });
    expect(selection.has('o-10')).toBe(true);
    expect(onOpen).not.toHaveBeenCalled();
    view.lifecycle.dispose();
  });

  it('keeps the focus on the grid when a check box is pressed, and the text unselected on a Shift-click', async () => {
    const view = render({ multiSelect: true });
    await frame();
    const grid = screen.getByRole('grid');
    const box = screen.getByRole('checkbox', { name: 'Auftrag AN-2026-000002 auswählen' });
    expect(fireEvent.mouseDown(box)).toBe(false);
    expect(document.activeElement).toBe(grid);
    const cell = document.querySelector('[data-order-id="o-4"] [role="gridcell"]:nth-child(4)') as HTMLElement;
    expect(fireEvent.mouseDown(cell, { shiftKey: true })).toBe(false);
    expect(fireEvent.mouseDown(cell)).toBe(true);
    view.lifecycle.dispose();
  });

  it('shows a check box unchecked again when the selection refuses its order (too many)', async () => {
    list.rows.replace(makeOrders(MAX_SELECTION + 1));
    const view = render({ multiSelect: true });
    await frame();
    const selection = bed.container.get(OrderSelectionStore);
    act(() => {
      for (let index = 1; index <= MAX_SELECTION; index++) selection.toggle(index);
    });
    const box = screen.getByRole('checkbox', { name: 'Auftrag AN-2026-000001 auswählen' }) as HTMLInputElement;
    fireEvent.click(box);
    expect(selection.has('o-1')).toBe(false);
    expect(bed.notifier.toasts.at(-1)).toMatchObject({ message: 'selection.tooMany', intent: 'warning' });
    expect(box.checked).toBe(false);
    view.lifecycle.dispose();
  });

  it('names the check boxes in the language, and gives a loading row none to take', async () => {
    list.rows.replace([orders[0] as Order, null, orders[2] as Order]);
    const view = render({ multiSelect: true });
    await frame();
    const loading = document.querySelector('[aria-rowindex="3"] input') as HTMLInputElement;
    expect(loading.disabled).toBe(true);
    expect(loading.hasAttribute('aria-label')).toBe(false);
    await act(() => bed.container.get(PreferencesStore).changeLanguage('en'));
    expect(screen.getByRole('checkbox', { name: 'Select order AN-2026-000001' })).toBeTruthy();
    runInAction(() => list.rows.splice(1, 1, orders[1] as Order));
    expect(loading.disabled).toBe(false);
    expect(loading.getAttribute('aria-label')).toBe('Select order AN-2026-000002');
    view.lifecycle.dispose();
  });

  it('gives a viewer no check boxes: a click with Ctrl or Shift only moves the cursor', async () => {
    const onSelect = jest.fn();
    const onOpen = jest.fn();
    const view = render({ onSelect, onOpen });
    await frame();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByRole('grid').classList.contains('cockpit-orders-grid-marking')).toBe(false);
    const cell = document.querySelector('[data-order-id="o-2"] [role="gridcell"]:nth-child(2)') as HTMLElement;
    fireEvent.click(cell, { ctrlKey: true });
    fireEvent.click(cell, { shiftKey: true });
    expect(onSelect).toHaveBeenCalledWith(1);
    expect(onOpen).not.toHaveBeenCalled();
    expect(bed.container.get(OrderSelectionStore).count).toBe(0);
    fireEvent.click(cell);
    expect(onOpen).toHaveBeenCalledWith(1);
    view.lifecycle.dispose();
  });

  it('shows the columns chosen, in their order, in the header and the rows, and follows a change of them at once', async () => {
    const view = render();
    await frame();
    const columns = bed.container.get(OrderColumnsStore);
    const first = orders[0] as Order;
    const row = () => document.querySelector('[data-order-id="o-1"]') as HTMLElement;
    const cells = () => Array.from(row().querySelectorAll('[role="gridcell"]'));
    const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
    const template = () => screen.getByRole('grid').style.getPropertyValue('--order-columns');
    expect(template()).toBe('140px 120px 140px 140px minmax(100px, 1fr) minmax(140px, 1.4fr) 120px minmax(120px, 1.2fr) 110px');
    const before = row();

    act(() => {
      columns.hide('customer');
      columns.show('service');
      columns.move('price', 1);
    });
    expect(headers()).toEqual(['Nummer', 'Preis', 'Status', 'Beginn', 'Ende', 'Station', 'Leistung', 'Kennzeichen', 'Fahrzeug']);
    expect(cells().map((cell) => cell.textContent)).toEqual([
      first.number,
      '100,00\u00a0€',
      'Neu',
      formatDateTimeIn(first.begin, 'de'),
      formatDateTimeIn(first.end, 'de'),
      'Kiel',
      'Inspektion',
      'KI-AB 1',
      'VW Golf',
    ]);
    // New row elements for the new columns; the price keeps its alignment, the status its tag, the service clips as the station.
    expect(row()).not.toBe(before);
    expect(cells().map((cell) => cell.className)).toEqual(['', 'cockpit-order-price', '', '', '', 'cockpit-order-clip', 'cockpit-order-clip', '', 'cockpit-order-clip']);
    expect(cells()[2]?.querySelector('.cockpit-status')?.className).toBe('cockpit-status cockpit-status-new');
    expect(screen.getByRole('columnheader', { name: 'Preis' }).className).toBe('cockpit-order-price');
    expect(template()).toBe('140px 110px 120px 140px 140px minmax(100px, 1fr) minmax(100px, 1fr) 120px minmax(120px, 1.2fr)');
    expect(bodyRows()).toHaveLength(12);

    // Scrolling and live changes go on with the new elements.
    const scrolled = bodyRows();
    const grid = screen.getByRole('grid');
    grid.scrollTop = 10 * ROW_HEIGHT;
    fireEvent.scroll(grid);
    await frame();
    expect(bodyRows().every((element) => scrolled.includes(element))).toBe(true);
    runInAction(() => list.rows.splice(11, 1, { ...(orders[11] as Order), service: 'Reifenwechsel', status: 'confirmed', version: 2 }));
    const changed = Array.from(document.querySelectorAll('[data-order-id="o-12"] [role="gridcell"]'));
    expect(changed[6]?.textContent).toBe('Reifenwechsel');
    expect(changed[2]?.firstElementChild?.className).toBe('cockpit-status cockpit-status-confirmed');
    view.lifecycle.dispose();
  });

  it('draws rows without a status tag when the status column is hidden', async () => {
    bed.container.get(OrderColumnsStore).set(['number', 'price']);
    const view = render();
    await frame();
    const row = document.querySelector('[data-order-id="o-1"]') as HTMLElement;
    expect(Array.from(row.querySelectorAll('[role="gridcell"]')).map((cell) => cell.textContent)).toEqual([(orders[0] as Order).number, '100,00\u00a0€']);
    expect(row.querySelector('.cockpit-status')).toBeNull();
    runInAction(() => list.rows.splice(0, 1, { ...(orders[0] as Order), status: 'cancelled', version: 2 }));
    expect(row.querySelector('.cockpit-status')).toBeNull();
    view.lifecycle.dispose();
  });

  it('fails the page, as a render error would, when a row cannot be drawn', async () => {
    const broken = { ...(orders[0] as Order), price: null } as unknown as Order;
    list.rows.replace([broken]);
    // React reports the error it hands to the boundary.
    const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = renderWithServices(
      bed,
      <Boundary>
        <OrdersTable sort={{ key: 'begin', descending: false }} onSort={() => undefined} selected={-1} onSelect={() => undefined} onOpen={() => undefined} />
      </Boundary>,
      '/orders',
    );
    await frame();
    expect(screen.getByRole('alert').textContent).toMatch(/currency|null/);
    reported.mockRestore();
    view.lifecycle.dispose();
  });

  it('shows five columns in rows a finger can take on a tablet, the desk\'s again when wide, and the operator\'s choice at every width', async () => {
    bed.screen.set('tablet');
    const view = render();
    await frame();
    const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
    const body = () => document.querySelector('.cockpit-orders-body') as HTMLElement;
    expect(headers()).toEqual(['Nummer', 'Status', 'Beginn', 'Kunde', 'Kennzeichen']);
    expect(body().style.getPropertyValue('--row-height')).toBe(`${TOUCH_ROW_HEIGHT}px`);
    expect(body().style.height).toBe(`${1000 * TOUCH_ROW_HEIGHT}px`);
    act(() => bed.screen.set('wide'));
    expect(headers()).toHaveLength(9);
    expect(body().style.getPropertyValue('--row-height')).toBe(`${ROW_HEIGHT}px`);
    act(() => {
      bed.container.get(OrderColumnsStore).hide('vehicle');
      bed.screen.set('tablet');
    });
    expect(headers()).toEqual(['Nummer', 'Status', 'Beginn', 'Ende', 'Station', 'Kunde', 'Kennzeichen', 'Preis']);
    view.lifecycle.dispose();
  });
});

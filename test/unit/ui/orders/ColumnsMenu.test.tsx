import { act, fireEvent, screen, within } from '@testing-library/react';
import { DEFAULT_ORDER_COLUMNS } from '../../../../shared/OrderColumn';
import { OrderColumnsStore } from '../../../../src/domain/stores/OrderColumnsStore';
import { ColumnsPanel } from '../../../../src/ui/orders/ColumnsMenu';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { renderWithServices } from '../../support/renderWithServices';

describe('ColumnsPanel', () => {
  let bed: TestBed;
  let store: OrderColumnsStore;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    store = bed.container.get(OrderColumnsStore);
  });

  const render = () => renderWithServices(bed, <ColumnsPanel />, '/orders');
  const names = () => within(screen.getByRole('list', { name: 'Spalten der Liste' })).getAllByRole('checkbox').map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]);

  it('lists the columns shown in their order, checked, then the others', () => {
    const view = render();
    expect(names()).toEqual([
      ['Nummer', true],
      ['Status', true],
      ['Beginn', true],
      ['Ende', true],
      ['Station', true],
      ['Kunde', true],
      ['Kennzeichen', true],
      ['Fahrzeug', true],
      ['Preis', true],
      ['Leistung', false],
    ]);
    expect(screen.getByRole('button', { name: 'Standard wiederherstellen' })).toHaveProperty('disabled', true);
    view.lifecycle.dispose();
  });

  it('shows and hides a column with its checkbox, and resets to the default', () => {
    const view = render();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Leistung' }));
    expect(store.columns).toContain('service');
    expect(names()[5]).toEqual(['Leistung', true]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Kunde' }));
    expect(store.columns).not.toContain('customer');
    expect(names().at(-1)).toEqual(['Kunde', false]);
    fireEvent.click(screen.getByRole('button', { name: 'Standard wiederherstellen' }));
    expect(store.columns).toEqual(DEFAULT_ORDER_COLUMNS);
    view.lifecycle.dispose();
  });

  it('moves a column left and right by its buttons, keeping the focus on the button pressed', () => {
    const view = render();
    const right = screen.getByRole('button', { name: 'Nummer nach rechts verschieben' });
    expect(screen.getByRole('button', { name: 'Nummer nach links verschieben' })).toHaveProperty('disabled', true);
    right.focus();
    fireEvent.click(right);
    expect(store.columns.slice(0, 2)).toEqual(['status', 'number']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nummer nach rechts verschieben' }));
    fireEvent.click(screen.getByRole('button', { name: 'Nummer nach links verschieben' }));
    expect(store.columns.slice(0, 2)).toEqual(['number', 'status']);
    // At the first place, the focus goes to the button that can still move it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nummer nach rechts verschieben' }));
    // A hidden column has nowhere to move.
    expect(screen.getByRole('button', { name: 'Leistung nach links verschieben' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Leistung nach rechts verschieben' })).toHaveProperty('disabled', true);
    view.lifecycle.dispose();
  });

  it('keeps the last column shown checked, saying why', () => {
    store.set(['price', 'number']);
    const view = render();
    expect(screen.queryByText('Mindestens eine Spalte bleibt sichtbar.')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Nummer' }));
    const last = screen.getByRole('checkbox', { name: 'Preis' });
    expect(last).toHaveProperty('disabled', true);
    expect(last.closest('[title]')?.getAttribute('title')).toBe('Mindestens eine Spalte bleibt sichtbar.');
    expect(screen.getByText('Mindestens eine Spalte bleibt sichtbar.').id).toBe(last.getAttribute('aria-describedby'));
    fireEvent.click(last);
    expect(store.columns).toEqual(['price']);
    act(() => store.show('number'));
    expect(screen.getByRole('checkbox', { name: 'Preis' })).toHaveProperty('disabled', false);
    view.lifecycle.dispose();
  });

  it('says why fewer columns show on a tablet, lists the five shown first, and lets the operator\'s choice win', () => {
    bed.screen.set('tablet');
    const view = render();
    expect(screen.getByTestId('columns-narrowed').textContent).toBe(
      'Dieser Bildschirm ist schmaler als am Schreibtisch, daher zeigt die Liste ihre fünf wichtigsten Spalten. Haken Sie weitere an, um sie zu zeigen: Ihre Auswahl bleibt und gilt bei jeder Breite.',
    );
    expect(names().slice(0, 6)).toEqual([
      ['Nummer', true],
      ['Status', true],
      ['Beginn', true],
      ['Kunde', true],
      ['Kennzeichen', true],
      ['Ende', false],
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Preis' }));
    expect(store.shown).toEqual(['number', 'status', 'begin', 'customer', 'licensePlate', 'price']);
    expect(screen.queryByTestId('columns-narrowed')).toBeNull();
    expect(screen.getByRole('button', { name: 'Standard wiederherstellen' })).toHaveProperty('disabled', false);
    view.lifecycle.dispose();
  });

  it('says nothing of the width on the desk', () => {
    const view = render();
    expect(screen.queryByTestId('columns-narrowed')).toBeNull();
    view.lifecycle.dispose();
  });
});

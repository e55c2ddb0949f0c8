import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { OrdersApi } from '../../../../src/domain/ports/OrdersApi';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { OrderDetailStore } from '../../../../src/domain/stores/OrderDetailStore';
import { formatDateTimeIn } from '../../../../src/ui/format/dates';
import { OrderDetailDrawer } from '../../../../src/ui/orders/OrderDetailDrawer';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { renderWithServices } from '../../support/renderWithServices';

describe('the question before a double booking, in the order beside the list', () => {
  let bed: TestBed;
  let api: FakeOrdersApi;

  beforeEach(async () => {
    localStorage.clear();
    bed = createTestContainer();
    api = new FakeOrdersApi(makeOrders(5));
    api.orders[4] = { ...api.orders[4]!, vehicle: { ...api.orders[4]!.vehicle, licensePlate: 'KI-AB 2' }, begin: '2026-11-17T08:00:00.000Z', end: '2026-11-17T10:00:00.000Z' };
    bed.container.rebind(OrdersApi).toConstantValue(api);
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now(), demoUser));
  });

  afterEach(() => bed.container.get(OrderDetailStore).close());

  async function editIntoDoubleBooking() {
    const view = renderWithServices(bed, <OrderDetailDrawer orderId="o-2" onClose={() => undefined} />);
    const detail = bed.container.get(OrderDetailStore);
    await act(() => detail.open('o-2'));
    act(() => {
      detail.edit('begin', '2026-11-17T09:00:00.000Z');
      detail.edit('end', '2026-11-17T11:00:00.000Z');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fahrzeug bereits gebucht' });
    return { view, detail, dialog };
  }

  it('names the other order with its times and puts the focus on Cancel, in both languages', async () => {
    const { view, dialog } = await editIntoDoubleBooking();
    expect(screen.getByRole('button', { name: 'Auftrag AN-2026-000005 öffnen' })).toBeTruthy();
    expect(screen.getByTestId('double-booking-times').textContent).toBe(
      `${formatDateTimeIn('2026-11-17T08:00:00.000Z', 'de')} – ${formatDateTimeIn('2026-11-17T10:00:00.000Z', 'de')}`,
    );
    expect(dialog.textContent).toContain('Trotzdem speichern?');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Abbrechen' })));
    await act(() => view.i18n.changeLanguage('en'));
    expect(screen.getByRole('dialog', { name: 'Vehicle already booked' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save anyway' })).toBeTruthy();
  });

  it('saves anyway when confirmed, sending the change again confirmed at the same version', async () => {
    const { detail } = await editIntoDoubleBooking();
    fireEvent.click(screen.getByRole('button', { name: 'Trotzdem speichern' }));
    await waitFor(() => expect(detail.order?.version).toBe(2));
    expect(api.updates.map(({ version, change }) => [version, change.confirmDoubleBooking])).toEqual([
      [1, undefined],
      [1, true],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fahrzeug bereits gebucht' })).toBeNull());
  });

  it('sends nothing when cancelled and keeps the edit', async () => {
    const { detail } = await editIntoDoubleBooking();
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fahrzeug bereits gebucht' })).toBeNull());
    expect(api.updates).toHaveLength(1);
    expect(detail.dirty).toBe(true);
    expect(detail.draft?.begin).toBe('2026-11-17T09:00:00.000Z');
  });
});

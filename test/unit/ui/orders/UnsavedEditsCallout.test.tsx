import { act, fireEvent, screen } from '@testing-library/react';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { UnsavedEdits } from '../../../../src/domain/ports/UnsavedEdits';
import { OrderDetailStore } from '../../../../src/domain/stores/OrderDetailStore';
import { UnsavedEditsStore } from '../../../../src/domain/stores/UnsavedEditsStore';
import { UnsavedEditsCallout } from '../../../../src/ui/orders/UnsavedEditsCallout';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';
import { makeOrders } from '../../support/FakeOrdersApi';
import { renderWithServices } from '../../support/renderWithServices';

/** The unsaved edits offered back on the orders page. */
describe('UnsavedEditsCallout', () => {
  let bed: TestBed;
  const order = makeOrders(1)[0]!;
  const keptAt = Date.parse('2026-11-20T13:05:00Z');

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    bed.backend.on(`GET /orders/${order.id}`, { status: 200, body: order });
    bed.container
      .get<UnsavedEdits>(UnsavedEdits)
      .keep(demoUser.id, { orderId: order.id, orderNumber: order.number, baseVersion: order.version, fields: { notes: 'Reifen', station: 'Lübeck' }, keptAt });
  });

  afterEach(() => bed.container.get(OrderDetailStore).close());

  it('names the order, the time in the language and the fields, in German and English', async () => {
    const { i18n } = renderWithServices(bed, <UnsavedEditsCallout />, '/orders');
    expect(screen.queryByTestId('unsaved-edits')).toBeNull();
    act(() => bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now())));

    expect(screen.getByTestId('unsaved-edits').textContent).toContain('Auftrag AN-2026-000001, geändert am 20.11.2026 14:05: Notizen, Station');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('unsaved-edits').textContent).toContain('Order AN-2026-000001, changed 20/11/2026 14:05: Notes, Station');
  });

  it('restores an edit into the order, and discards one for good', async () => {
    renderWithServices(bed, <UnsavedEditsCallout />, '/orders');
    act(() => bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now())));
    const detail = bed.container.get(OrderDetailStore);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Wiederherstellen' })));
    await act(() => Promise.resolve());
    expect(bed.navigator.navigations).toEqual([`/orders/${order.id}`]);
    expect(detail.draft).toMatchObject({ notes: 'Reifen', station: 'Lübeck' });
    expect(screen.queryByTestId('unsaved-edits')).toBeNull();

    detail.close();
    act(() => bed.container.get(UnsavedEditsStore).offerTo(demoUser.id));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Verwerfen' })));
    expect(screen.queryByTestId('unsaved-edits')).toBeNull();
    expect(bed.container.get<UnsavedEdits>(UnsavedEdits).read(demoUser.id)).toEqual([]);
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { OrderDetailStore } from '../../../../src/domain/stores/OrderDetailStore';
import { OrderDetailDrawer } from '../../../../src/ui/orders/OrderDetailDrawer';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoAdmin, demoUser, loginResult } from '../../support/demoUser';
import { makeOrders } from '../../support/FakeOrdersApi';
import { renderWithServices } from '../../support/renderWithServices';

/** The open order says who else has it open, and names who changed it. */
describe('presence and authors in the order detail', () => {
  let bed: TestBed;
  const order = { ...makeOrders(1)[0]!, status: 'new' as const };
  const presenceCalls = () => bed.backend.requests.filter((request) => request.url === `/orders/${order.id}/presence`).map((request) => `${request.method} ${JSON.stringify(request.body ?? null)}`);

  beforeEach(async () => {
    localStorage.clear();
    bed = createTestContainer();
    bed.backend.on(`GET /orders/${order.id}`, { status: 200, body: order });
    bed.backend.on(`PUT /orders/${order.id}/presence`, { status: 204 });
    bed.backend.on(`DELETE /orders/${order.id}/presence`, { status: 204 });
    bed.events.setState('live');
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now(), demoUser));
  });

  afterEach(() => bed.container.get(OrderDetailStore).close());

  async function open() {
    const view = renderWithServices(bed, <OrderDetailDrawer orderId={order.id} onClose={() => undefined} />);
    await act(() => bed.container.get(OrderDetailStore).open(order.id));
    return view;
  }

  it('announces the open order and the field being edited, and leaves it when closed', async () => {
    const view = await open();
    expect(presenceCalls()).toEqual(['PUT {"editing":null}']);
    act(() => screen.getByLabelText('Notizen').focus());
    await waitFor(() => expect(presenceCalls()).toEqual(['PUT {"editing":null}', 'PUT {"editing":"notes"}']));
    act(() => screen.getByLabelText('Station').focus());
    act(() => (document.activeElement as HTMLElement).blur());
    await waitFor(() => expect(presenceCalls().slice(2)).toEqual(['PUT {"editing":"station"}', 'PUT {"editing":null}']));
    act(() => bed.container.get(OrderDetailStore).close());
    view.unmount();
    await waitFor(() => expect(presenceCalls().at(-1)).toBe('DELETE null'));
  });

  it('shows who else has it open and what they edit, politely, in both languages', async () => {
    const { i18n } = await open();
    const region = screen.getByTestId('order-presence');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    act(() =>
      bed.events.emit('presence', {
        orderId: order.id,
        present: [
          { userId: demoAdmin.id, name: 'Anna Berger', editing: 'notes' },
          { userId: demoUser.id, name: demoUser.name, editing: null },
        ],
      }),
    );
    expect(region.textContent).toBe('Auch geöffnet von: AB Anna Berger · bearbeitet Notizen');
    await act(() => i18n.changeLanguage('en'));
    expect(region.textContent).toBe('Also open: AB Anna Berger · editing notes');
    act(() => bed.events.emit('presence', { orderId: order.id, present: [] }));
    expect(region.textContent).toBe('');
  });

  it('names who changed the order in the notice of a change made elsewhere', async () => {
    const { i18n } = await open();
    const theirs = { ...order, version: order.version + 1, notes: 'neu' };
    // The stream tells who; the open order takes the change as the live updates hand it on.
    act(() => bed.events.emit('order.updated', { ...theirs, previous: order, by: { type: 'user', id: demoAdmin.id, name: 'Anna Berger' } }, '5'));
    act(() => bed.container.get(OrderDetailStore).applyEvents([{ type: 'order.updated', order: theirs, previous: order }]));
    const notice = await screen.findByTestId('changed-elsewhere');
    expect(notice.textContent).toContain('Von Anna Berger geändert');
    await act(() => i18n.changeLanguage('en'));
    expect(notice.textContent).toContain('Changed by Anna Berger');
  });

  it('keeps the general title for a change the stream named nobody for', async () => {
    await open();
    const theirs = { ...order, version: order.version + 1, notes: 'neu' };
    act(() => bed.events.emit('order.updated', { ...theirs, previous: order, by: { type: 'simulator' } }, '5'));
    act(() => bed.container.get(OrderDetailStore).applyEvents([{ type: 'order.updated', order: theirs, previous: order }]));
    expect((await screen.findByTestId('changed-elsewhere')).textContent).toContain('Von jemand anderem geändert');
  });
});

import { act, screen } from '@testing-library/react';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { OrderDetailStore } from '../../../../src/domain/stores/OrderDetailStore';
import { OrderDetailDrawer } from '../../../../src/ui/orders/OrderDetailDrawer';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, demoViewer, loginResult } from '../../support/demoUser';
import { makeOrders } from '../../support/FakeOrdersApi';
import { renderWithServices } from '../../support/renderWithServices';

/** The drawer as each role sees an open order. */
describe('OrderDetailDrawer by role', () => {
  let bed: TestBed;
  const order = { ...makeOrders(1)[0]!, status: 'new' as const, notes: 'Reifen\nprüfen', station: 'Kiel Hafen' };

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    bed.backend.on(`GET /orders/${order.id}`, { status: 200, body: order });
  });

  afterEach(() => bed.container.get(OrderDetailStore).close());

  async function openAs(user: typeof demoUser) {
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now(), user));
    const view = renderWithServices(bed, <OrderDetailDrawer orderId={order.id} onClose={() => undefined} />);
    await act(() => bed.container.get(OrderDetailStore).open(order.id));
    return view;
  }

  it('shows an operator the next statuses and the form', async () => {
    await openAs(demoUser);
    expect(screen.getByRole('button', { name: 'Bestätigen' })).toBeTruthy();
    expect(screen.getByLabelText('Notizen')).toHaveProperty('value', 'Reifen\nprüfen');
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeTruthy();
    expect(screen.queryByTestId('order-read-only')).toBeNull();
  });

  it('shows a viewer the order to read, with no control that changes it and a note saying why, in both languages', async () => {
    const { i18n } = await openAs(demoViewer);
    const drawer = document.querySelector('.cockpit-order-detail');
    expect(drawer?.textContent).toContain('Kiel Hafen');
    expect(drawer?.textContent).toContain('Reifen\nprüfen');
    expect(screen.queryByRole('button', { name: 'Bestätigen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stornieren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(drawer?.querySelectorAll('input, textarea')).toHaveLength(0);
    expect(screen.getByTestId('order-read-only').textContent).toBe(
      'Sie können diesen Auftrag lesen. Aufträge ändern darf die Rolle Disponent; Ihre ist Betrachter.',
    );
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('order-read-only').textContent).toBe('You can read this order. Changing orders needs the role Operator; yours is Viewer.');
  });

  it('says before saving that an order lasts at most 366 days, at begin and end, in both languages', async () => {
    const { i18n } = await openAs(demoUser);
    const detail = bed.container.get(OrderDetailStore);
    const save = () => screen.getByRole('button', { name: i18n.language === 'de' ? 'Speichern' : 'Save' });
    act(() => detail.edit('end', new Date(Date.parse(order.begin) + 366 * 86_400_000 + 60_000).toISOString()));
    expect(document.querySelector('.cockpit-order-times')?.textContent).toContain(
      'Ein Auftrag dauert höchstens 366 Tage: Der Beginn darf höchstens 366 Tage vor dem Ende liegen.',
    );
    expect(document.querySelector('.cockpit-order-times')?.textContent).toContain('Das Ende darf höchstens 366 Tage nach dem Beginn liegen.');
    expect(save()).toHaveProperty('disabled', true);
    await act(() => i18n.changeLanguage('en'));
    expect(document.querySelector('.cockpit-order-times')?.textContent).toContain('An order lasts at most 366 days: the end must be at most 366 days after the begin.');
    act(() => detail.edit('end', new Date(Date.parse(order.begin) + 366 * 86_400_000).toISOString()));
    expect(document.querySelector('.cockpit-order-times')?.textContent).not.toContain('366');
    expect(save()).toHaveProperty('disabled', false);
  });

  it('shows the price in the language, and again after a switch', async () => {
    const { i18n } = await openAs(demoUser);
    const price = (label: string) => screen.getByText(label, { selector: '.cockpit-order-facts th' }).nextElementSibling?.textContent;
    expect(price('Preis')).toBe('100,00\u00a0€');
    await act(() => i18n.changeLanguage('en'));
    expect(price('Price')).toBe('€100.00');
  });

  it('opens beside the list on the desk and over the whole window on a tablet or a phone, following the width live', async () => {
    await openAs(demoUser);
    const drawer = () => document.querySelector<HTMLElement>('.cockpit-order-detail');
    expect(drawer()?.style.width).toBe('520px');
    act(() => bed.screen.set('tablet'));
    expect(drawer()?.style.width).toBe('100%');
    act(() => bed.screen.set('phone'));
    expect(drawer()?.style.width).toBe('100%');
    act(() => bed.screen.set('wide'));
    expect(drawer()?.style.width).toBe('520px');
  });
});

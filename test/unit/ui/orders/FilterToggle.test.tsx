import { act, fireEvent, screen } from '@testing-library/react';
import { NO_ORDER_CRITERIA } from '../../../../src/domain/model/orderQuery';
import { activeFilterCount } from '../../../../src/domain/model/activeFilters';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { OrdersPage } from '../../../../src/ui/orders/OrdersPage';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';
import { renderWithServices } from '../../support/renderWithServices';

describe('the filters on a phone', () => {
  it('counts each filter that narrows the list once: status, search, stations, services, price', () => {
    expect(activeFilterCount(NO_ORDER_CRITERIA)).toBe(0);
    expect(activeFilterCount({ ...NO_ORDER_CRITERIA, q: '  ' })).toBe(0);
    expect(activeFilterCount({ ...NO_ORDER_CRITERIA, status: ['new', 'confirmed'] })).toBe(1);
    expect(activeFilterCount({ ...NO_ORDER_CRITERIA, status: ['new'], q: 'Golf', stations: ['Kiel'], services: ['Inspektion'], priceMin: 100, priceMax: 200 })).toBe(5);
    expect(activeFilterCount({ ...NO_ORDER_CRITERIA, priceMax: 200, sort: { key: 'price', descending: true } })).toBe(1);
  });

  describe('OrdersPage', () => {
    let bed: TestBed;

    beforeEach(() => {
      localStorage.clear();
      bed = createTestContainer();
      bed.backend.on('GET /orders', { status: 200, body: { items: [], nextCursor: null, total: 0, lastEventId: 0 } });
      bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now(), demoUser));
    });

    afterEach(() => bed.container.get(OrdersListStore).dispose());

    const filters = () => document.querySelector<HTMLElement>('.cockpit-orders-filter');

    it('puts the filters behind a Filter button that counts the active ones, so the cards come first', async () => {
      bed.screen.set('phone');
      const view = renderWithServices(bed, <OrdersPage />, '/orders?status=new&q=Golf&station=Kiel');
      const toggle = await screen.findByTestId('filter-toggle');
      expect(filters()?.hidden).toBe(true);
      expect(screen.getByTestId('filter-count').textContent).toBe('3');
      expect(toggle.getAttribute('aria-label')).toBe('Filter, 3 aktiv');
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      fireEvent.click(toggle);
      expect(filters()?.hidden).toBe(false);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      await act(() => view.i18n.changeLanguage('en'));
      expect(toggle.getAttribute('aria-label')).toBe('Filter, 3 active');
      view.unmount();
    });

    it('says nothing of a count when no filter applies', async () => {
      bed.screen.set('phone');
      const view = renderWithServices(bed, <OrdersPage />, '/orders');
      const toggle = await screen.findByTestId('filter-toggle');
      expect(screen.queryByTestId('filter-count')).toBeNull();
      expect(toggle.getAttribute('aria-label')).toBe('Filter');
      view.unmount();
    });

    it('shows the filters themselves, without the button, on a tablet and the desk, and follows the width live', async () => {
      bed.screen.set('tablet');
      const view = renderWithServices(bed, <OrdersPage />, '/orders?status=new');
      await screen.findByRole('button', { name: /Spalten/ });
      expect(screen.queryByTestId('filter-toggle')).toBeNull();
      expect(filters()?.hidden).toBe(false);
      act(() => bed.screen.set('phone'));
      expect(screen.getByTestId('filter-toggle')).toBeTruthy();
      expect(filters()?.hidden).toBe(true);
      act(() => bed.screen.set('wide'));
      expect(screen.queryByTestId('filter-toggle')).toBeNull();
      view.unmount();
    });
  });
});

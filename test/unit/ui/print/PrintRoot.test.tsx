import { act, fireEvent, screen } from '@testing-library/react';
import { OrdersApi } from '../../../../src/domain/ports/OrdersApi';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { OrderDetailStore } from '../../../../src/domain/stores/OrderDetailStore';
import { OrdersListStore } from '../../../../src/domain/stores/OrdersListStore';
import { OrdersPrintStore } from '../../../../src/domain/stores/OrdersPrintStore';
import { NO_ORDER_CRITERIA } from '../../../../src/domain/model/orderQuery';
import { formatDateTime } from '../../../../src/ui/format/formatDateTime';
import { PrintListButton } from '../../../../src/ui/print/PrintListButton';
import { PrintOrderButton } from '../../../../src/ui/print/PrintOrderButton';
import { PrintRoot } from '../../../../src/ui/print/PrintRoot';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';
import { FakeOrdersApi, makeOrders } from '../../support/FakeOrdersApi';
import { renderWithServices } from '../../support/renderWithServices';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
/** What would be on paper: the print root, a child of <body> beside the console. */
const paper = () => document.querySelector('body > .cockpit-print');

describe('printing the orders page', () => {
  let bed: TestBed;
  let api: FakeOrdersApi;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    api = new FakeOrdersApi(makeOrders(1200));
    bed.container.rebind(OrdersApi).toConstantValue(api);
    bed.container.get<SessionStore>(SessionStore).signIn(loginResult(bed.clock.now(), demoUser));
  });

  afterEach(() =>
    act(() => {
      bed.container.get(OrderDetailStore).close();
      bed.container.get(OrdersListStore).dispose();
    }),
  );

  describe('an open order', () => {
    const order = {
      ...makeOrders(1)[0]!,
      status: 'in_progress' as const,
      notes: 'Bremsen vorne prüfen.\nKunde wartet.',
      station: 'Kiel Hafen',
      price: { amount: 123456, currency: 'EUR' },
      vehicle: { licensePlate: 'KI-AB 123', make: 'VW', model: 'Golf' },
    };

    async function openSheet() {
      api.orders[0] = order;
      const view = renderWithServices(bed, <PrintRoot orderId={order.id} />);
      await act(() => bed.container.get(OrderDetailStore).open(order.id));
      return view;
    }

    it('is on the page as its sheet, in German: company, number, customer, vehicle, station, times, price, status, notes, signature', async () => {
      await openSheet();
      const sheet = paper()?.querySelector('[data-testid="print-order-sheet"]');
      const text = sheet?.textContent ?? '';
      expect(text).toContain('Autohaus Nord');
      expect(text).toContain('Auftragsblatt');
      expect(text).toContain(`Auftrag ${order.number}`);
      expect(text).toContain('Kunde 1');
      expect(text).toContain('KI-AB 123');
      expect(text).toContain('VW Golf');
      expect(text).toContain('Kiel Hafen');
      expect(text).toContain('Inspektion');
      expect(text).toContain(formatDateTime(order.begin, 'de'));
      expect(text).toMatch(/\d\d\.\d\d\.2026 \d\d:\d\d/);
      expect(text).toContain('1.234,56\u00a0€');
      expect(text).toContain('In Arbeit');
      expect(sheet?.querySelector('.cockpit-print-notes p')?.textContent).toBe('Bremsen vorne prüfen.\nKunde wartet.');
      expect(Array.from(sheet?.querySelectorAll('.cockpit-print-signature span') ?? [], (span) => span.textContent)).toEqual(['Datum', 'Name', 'Unterschrift']);
      expect(sheet?.querySelector<HTMLElement>('.cockpit-print-company')?.style.backgroundColor).toBe('rgb(11, 61, 145)');
      expect(sheet?.querySelector<HTMLElement>('.cockpit-print-rule')?.style.backgroundColor).toBe('rgb(31, 111, 235)');
      expect(paper()?.querySelector('[data-testid="print-list"]')).toBeNull();
    });

    it('in English, with the times and the price in the English format', async () => {
      const { i18n } = await openSheet();
      await act(() => i18n.changeLanguage('en'));
      const text = paper()?.textContent ?? '';
      expect(text).toContain('Order sheet');
      expect(text).toContain('In progress');
      expect(text).toContain(formatDateTime(order.begin, 'en'));
      expect(text).toMatch(/\d\d\/\d\d\/2026 \d\d:\d\d/);
      expect(text).toContain('€1,234.56');
      expect(text).not.toContain('1.234,56');
      expect(text).toContain('Signature');
      expect(text).toContain('Licence plate');
    });

    it('the drawer\'s Print opens the print dialog with the sheet on the page', async () => {
      await openSheet();
      let sheetThen: string | undefined;
      bed.printDialog.onOpen = () => (sheetThen = paper()?.textContent ?? '');
      renderWithServices(bed, <PrintOrderButton />);
      fireEvent.click(screen.getByTestId('print-order'));
      expect(bed.printDialog.opened).toBe(1);
      expect(sheetThen).toContain(order.number);
    });
  });

  describe('the list', () => {
    async function showList() {
      const list = bed.container.get(OrdersListStore);
      list.setCriteria({ ...NO_ORDER_CRITERIA, status: ['new'], sort: { key: 'number', descending: false } });
      list.start();
      await act(() => list.load());
      return renderWithServices(
        bed,
        <>
          <PrintListButton />
          <PrintRoot orderId={null} />
        </>,
      );
    }

    it('is not on the page until the browser prints; then the orders the grid holds, said to be incomplete', async () => {
      await showList();
      expect(paper()?.children).toHaveLength(0);
      act(() => void window.dispatchEvent(new Event('beforeprint')));
      expect(screen.getByTestId('print-filter').textContent).toBe('Tage 16.11.2026 bis 22.11.2026 · Status Neu · sortiert nach Nummer, aufsteigend');
      expect(screen.getByTestId('print-coverage').textContent).toMatch(/^Unvollständig: 200 von 1\.200 Aufträgen/);
      const rows = paper()?.querySelectorAll('tbody tr') ?? [];
      // The grid's first page and the one after it.
      expect(rows).toHaveLength(200);
      expect(Array.from(paper()?.querySelectorAll('thead th') ?? [], (th) => th.textContent)).toEqual([
        'Nummer', 'Status', 'Beginn', 'Ende', 'Station', 'Kunde', 'Kennzeichen', 'Fahrzeug', 'Preis',
      ]);
      expect(rows[0]?.textContent).toContain('AN-2026-000001');
      expect(rows[0]?.textContent).toContain('100,00\u00a0€');
      act(() => void window.dispatchEvent(new Event('afterprint')));
      expect(paper()?.children).toHaveLength(0);
    });

    it('Print reads every order of the filter up to the cap, shows its progress, and opens the dialog with them all on the page', async () => {
      await showList();
      let rowsThen = 0;
      let coverageThen = '';
      bed.printDialog.onOpen = () => {
        rowsThen = paper()?.querySelectorAll('tbody tr').length ?? 0;
        coverageThen = screen.getByTestId('print-coverage').textContent ?? '';
      };
      api.hold();
      fireEvent.click(screen.getByTestId('print-list'));
      expect(screen.getByTestId('print-list').textContent).toBe('Lese 0 von 1.000…');
      expect(screen.getByTestId('print-list')).toHaveProperty('disabled', true);
      await act(async () => {
        // The first page comes; the second is held.
        api.release();
        api.hold();
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(screen.getByTestId('print-list').textContent).toBe('Lese 500 von 1.000…');
      expect(bed.printDialog.opened).toBe(0);
      api.release();
      await settle();
      await settle();
      expect(bed.printDialog.opened).toBe(1);
      expect(rowsThen).toBe(1000);
      expect(coverageThen).toBe('Die ersten 1.000 von 1.200 Aufträgen: Eine gedruckte Liste umfasst höchstens 1.000.');
      expect(screen.getByTestId('print-list').textContent).toBe('Drucken');
      // The print over, the orders read for it go.
      act(() => void window.dispatchEvent(new Event('afterprint')));
      expect(bed.container.get(OrdersPrintStore).state).toBe('idle');
      expect(paper()?.children).toHaveLength(0);
    });

    it('prints the English list with the English words and counts', async () => {
      const { i18n } = await showList();
      await act(() => i18n.changeLanguage('en'));
      bed.container.get<SessionStore>(SessionStore).setLanguage('en');
      act(() => void window.dispatchEvent(new Event('beforeprint')));
      expect(screen.getByTestId('print-filter').textContent).toBe('Days 16/11/2026 to 22/11/2026 · status New · sorted by Number, ascending');
      expect(screen.getByTestId('print-coverage').textContent).toMatch(/^Incomplete: 200 of 1,200 orders/);
      expect(paper()?.querySelector('tbody tr')?.textContent).toContain('€100.00');
      act(() => void window.dispatchEvent(new Event('afterprint')));
    });
  });
});

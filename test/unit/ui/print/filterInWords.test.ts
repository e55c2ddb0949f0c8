import { createI18n } from '../../../../src/infrastructure/i18n/createI18n';
import { NO_ORDER_CRITERIA } from '../../../../src/domain/model/orderQuery';
import { coverageInWords } from '../../../../src/ui/print/coverageInWords';
import { filterInWords } from '../../../../src/ui/print/filterInWords';
import { allResources } from '../../support/allTexts';

describe('the printed list\'s filter and count in words', () => {
  const i18n = createI18n(allResources);
  const range = { begin: '2026-11-16', end: '2026-11-22' };
  const criteria = {
    status: ['new', 'in_progress'] as const,
    q: '  Golf ',
    stations: ['Kiel', 'Hamburg'],
    services: ['Inspektion'],
    priceMin: 5000,
    priceMax: 123456,
    doubleBooked: true,
    sort: { key: 'price' as const, descending: true },
  };

  it('says every criterion in German', async () => {
    await i18n.changeLanguage('de');
    expect(filterInWords(i18n.t, 'de', range, { ...criteria, status: [...criteria.status] })).toEqual([
      'Tage 16.11.2026 bis 22.11.2026',
      'Status Neu oder In Arbeit',
      'Suche „Golf“',
      'Station Kiel oder Hamburg',
      'Leistung Inspektion',
      'Preis 50,00\u00a0€ bis 1.234,56\u00a0€',
      'nur Doppelbuchungen',
      'sortiert nach Preis, absteigend',
    ]);
  });

  it('says every criterion in English, and only the days, statuses and sort when nothing else is set', async () => {
    await i18n.changeLanguage('en');
    expect(filterInWords(i18n.t, 'en', range, { ...NO_ORDER_CRITERIA, priceMin: 5000 })).toEqual([
      'Days 16/11/2026 to 22/11/2026',
      'every status',
      'price from €50.00',
      'sorted by Begin, ascending',
    ]);
    expect(filterInWords(i18n.t, 'en', range, { ...NO_ORDER_CRITERIA, priceMax: 9900, status: ['cancelled'] })).toEqual([
      'Days 16/11/2026 to 22/11/2026',
      'status Cancelled',
      'price up to €99.00',
      'sorted by Begin, ascending',
    ]);
    expect(filterInWords(i18n.t, 'en', range, { ...NO_ORDER_CRITERIA, priceMin: 5000, priceMax: 123456 })).toContain('price €50.00 to €1,234.56');
    expect(filterInWords(i18n.t, 'en', range, { ...NO_ORDER_CRITERIA, doubleBooked: true })).toContain('only double bookings');
  });

  it('counts as the language writes counts: all, the first of a larger filter, or incomplete', async () => {
    await i18n.changeLanguage('de');
    expect(coverageInWords(i18n.t, 'de', { kind: 'all', count: 1 })).toBe('1 Auftrag');
    expect(coverageInWords(i18n.t, 'de', { kind: 'all', count: 1234 })).toBe('1.234 Aufträge');
    expect(coverageInWords(i18n.t, 'de', { kind: 'capped', count: 1000, total: 4321 })).toBe(
      'Die ersten 1.000 von 4.321 Aufträgen: Eine gedruckte Liste umfasst höchstens 1.000.',
    );
    expect(coverageInWords(i18n.t, 'de', { kind: 'partial', count: 300, total: 4321 })).toMatch(/^Unvollständig: 300 von 4\.321 Aufträgen/);
    await i18n.changeLanguage('en');
    expect(coverageInWords(i18n.t, 'en', { kind: 'all', count: 1234 })).toBe('1,234 orders');
    expect(coverageInWords(i18n.t, 'en', { kind: 'capped', count: 1000, total: 4321 })).toBe(
      'The first 1,000 of 4,321 orders: a printed list holds at most 1,000.',
    );
    expect(coverageInWords(i18n.t, 'en', { kind: 'partial', count: 300, total: 4321 })).toContain('(up to 1,000)');
  });
});

import { formatLocalDate, parseDateTime, parseLocalDate } from '../../../../src/ui/format/dates';
import { formatDateTime } from '../../../../src/ui/format/formatDateTime';
import { formatMoney } from '../../../../src/ui/format/formatMoney';

describe('strict date parsing', () => {
  it.each([
    ['de', '05.01.2026', '2026-01-05'],
    ['de', '29.02.2028', '2028-02-29'],
    ['en', '05/01/2026', '2026-01-05'],
    ['en', '31/12/2026', '2026-12-31'],
  ] as const)('%s reads %p as %p', (language, text, day) => {
    expect(parseLocalDate(text, language)).toBe(day);
  });

  it.each([
    ['de', '31.02.2026'],
    ['de', '2026-01-05'],
    ['de', '05/01/2026'],
    ['de', '5.1.2026'],
    ['de', '29.02.2026'],
    ['de', ''],
    ['de', 'morgen'],
    ['en', '12/31/2026'],
    ['en', '05.01.2026'],
    ['en', '2026-01-05'],
  ] as const)('%s gives no value for %p', (language, text) => {
    expect(parseLocalDate(text, language)).toBeNull();
  });

  it('formats days in the language format', () => {
    expect(formatLocalDate('2026-01-05', 'de')).toBe('05.01.2026');
    expect(formatLocalDate('2026-01-05', 'en')).toBe('05/01/2026');
  });

  it('reads date and time strictly', () => {
    expect(parseDateTime('24.11.2026 14:30', 'de')).toBe(new Date(2026, 10, 24, 14, 30).toISOString());
    expect(parseDateTime('24/11/2026 14:30', 'en')).toBe(new Date(2026, 10, 24, 14, 30).toISOString());
    expect(parseDateTime('24.11.2026 25:30', 'de')).toBeNull();
    expect(parseDateTime('24.11.2026', 'de')).toBeNull();
  });
});

describe('formatting', () => {
  it('formats money in the language (1.234,56 € in German, €1,234.56 in English)', () => {
    expect(formatMoney({ amount: 123456, currency: 'EUR' }, 'de')).toBe('1.234,56\u00a0€');
    expect(formatMoney({ amount: 5, currency: 'EUR' }, 'de')).toBe('0,05\u00a0€');
    expect(formatMoney({ amount: -250000, currency: 'EUR' }, 'de')).toBe('-2.500,00\u00a0€');
    expect(formatMoney({ amount: 123456, currency: 'EUR' }, 'en')).toBe('€1,234.56');
    expect(formatMoney({ amount: 5, currency: 'EUR' }, 'en')).toBe('€0.05');
    expect(formatMoney({ amount: -250000, currency: 'EUR' }, 'en')).toBe('-€2,500.00');
  });

  it('formats date and time as date plus HH:mm in the language of the texts', () => {
    const iso = new Date(2026, 10, 24, 9, 5).toISOString();
    expect(formatDateTime(iso, 'de')).toBe('24.11.2026 09:05');
    expect(formatDateTime(iso, 'en')).toBe('24/11/2026 09:05');
    expect(formatDateTime('2026-11-24T09:05:00', 'en')).toBe('24/11/2026 09:05');
    // Texts in a language the console does not speak: the default's format.
    expect(formatDateTime(iso, 'cimode')).toBe('24.11.2026 09:05');
  });
});

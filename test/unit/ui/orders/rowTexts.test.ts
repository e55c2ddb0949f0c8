import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { Order } from '../../../../shared/Order';
import { formatDateTimeIn } from '../../../../src/ui/format/dates';
import { formatMoney } from '../../../../src/ui/format/formatMoney';
import { rowTexts } from '../../../../src/ui/orders/rowTexts';
import { makeOrders } from '../../support/FakeOrdersApi';

const statusNames: Record<string, Record<string, string>> = { de: { new: 'Neu', confirmed: 'Bestätigt' }, en: { new: 'New', confirmed: 'Confirmed' } };

function translator(language: string) {
  const t = jest.fn((key: string) => statusNames[language]?.[key.replace('status.', '')] ?? key);
  return t as unknown as TFunction & jest.Mock;
}

describe('formatDateTimeIn', () => {
  it.each(['2026-11-24T08:05:00.000Z', '2026-03-29T00:30:00Z', '2026-10-25T01:15:00+01:00', '2026-07-01T23:59:59.999-0530', '0999-01-02T03:04:00Z'])(
    'writes %p as dayjs does, in local time',
    (iso) => {
      expect(formatDateTimeIn(iso, 'de')).toBe(dayjs(iso).format('DD.MM.YYYY HH:mm'));
      expect(formatDateTimeIn(iso, 'en')).toBe(dayjs(iso).format('DD/MM/YYYY HH:mm'));
    },
  );

  it('reads a time without offset as local time, and gives nothing for a broken one', () => {
    expect(formatDateTimeIn('2026-11-24T08:05', 'de')).toBe('24.11.2026 08:05');
    expect(formatDateTimeIn('2026-13-45T99:00:00Z', 'de')).toBe('');
    expect(formatDateTimeIn('morgen', 'en')).toBe('');
  });
});

describe('rowTexts', () => {
  const [first, second] = makeOrders(2) as [Order, Order];

  it('formats a row in its language, once per order', () => {
    const t = translator('de');
    const texts = rowTexts(first, 'de', t);
    expect(texts).toEqual({ status: 'Neu', begin: formatDateTimeIn(first.begin, 'de'), end: formatDateTimeIn(first.end, 'de'), vehicle: 'VW Golf', price: formatMoney(first.price, 'de') });
    expect(rowTexts(first, 'de', t)).toBe(texts);
    expect(rowTexts(first, 'en', translator('en'))).toEqual({
      ...texts,
      status: 'New',
      begin: formatDateTimeIn(first.begin, 'en'),
      end: formatDateTimeIn(first.end, 'en'),
      price: formatMoney(first.price, 'en'),
    });
  });

  it('writes the price in the language, euros without making an Intl.NumberFormat', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    const de = rowTexts({ ...second, price: { amount: 123456, currency: 'EUR' } }, 'de', translator('de'));
    const en = rowTexts({ ...second, price: { amount: 123456, currency: 'EUR' } }, 'en', translator('en'));
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    expect(de.price).toBe('1.234,56\u00a0€');
    expect(en.price).toBe('€1,234.56');
  });

  it('looks each status name up once per language', () => {
    const t = translator('de');
    rowTexts({ ...first, status: 'confirmed' }, 'de', t);
    rowTexts({ ...second, status: 'confirmed' }, 'de', t);
    expect(rowTexts({ ...second, status: 'confirmed', version: 2 }, 'de', t).status).toBe('Bestätigt');
    expect(t).toHaveBeenCalledTimes(1);
  });
});

describe('formatMoney', () => {
  it('divides by the currency’s own decimals, every time', () => {
    expect(formatMoney({ amount: 1234, currency: 'JPY' }, 'de')).toBe(formatMoney({ amount: 1234, currency: 'JPY' }, 'de'));
    expect(formatMoney({ amount: 1234, currency: 'JPY' }, 'de')).toMatch(/^1\.234\s¥$/);
    expect(formatMoney({ amount: 1234, currency: 'JPY' }, 'en')).toBe('JP¥1,234');
    expect(formatMoney({ amount: 1234, currency: 'EUR' }, 'de')).toBe('12,34\u00a0€');
    expect(formatMoney({ amount: 1234, currency: 'EUR' }, 'en')).toBe('€12.34');
  });
});

import { FIRST_INSTANT, isSupportedSpan, LAST_INSTANT, MAX_RANGE_MS, parseInstant } from '../../../shared/instant';

describe('parseInstant', () => {
  it.each([
    ['2026-01-31T08:00:00Z', '2026-01-31T08:00:00.000Z'],
    ['2026-01-31t08:00:00z', '2026-01-31T08:00:00.000Z'],
    ['2026-01-31T09:00:00.5+01:00', '2026-01-31T08:00:00.500Z'],
    ['2026-01-31T08:00:00.123456789Z', '2026-01-31T08:00:00.123Z'],
    ['2026-01-31T02:30:00-05:30', '2026-01-31T08:00:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['2000-01-01T00:00:00Z', FIRST_INSTANT],
    ['2000-01-01T01:00:00+01:00', FIRST_INSTANT],
    ['2100-12-31T23:59:59.999Z', LAST_INSTANT],
  ])('takes %s as %s', (text, iso) => {
    expect(new Date(parseInstant(text) ?? Number.NaN).toISOString()).toBe(iso);
  });

  it.each([
    ['year 0', '0000-01-01T00:00:00Z'],
    ['a year before 2000', '1999-12-31T23:59:59.999Z'],
    ['the turn of 2000 east of Greenwich', '2000-01-01T00:30:00+01:00'],
    ['a year after 2100', '2101-01-01T00:00:00Z'],
    ['the turn of 2101 west of Greenwich', '2100-12-31T23:30:00-01:00'],
    ['a leap second', '2016-12-31T23:59:60Z'],
    ['February 29 of a common year', '2026-02-29T00:00:00Z'],
    ['month 13', '2026-13-01T00:00:00Z'],
    ['day 0', '2026-01-00T00:00:00Z'],
    ['hour 24', '2026-01-01T24:00:00Z'],
    ['minute 60', '2026-01-01T00:60:00Z'],
    ['no offset', '2026-01-01T00:00:00'],
    ['an offset without colon', '2026-01-01T00:00:00+0100'],
    ['an offset of 24 hours', '2026-01-01T00:00:00+24:00'],
    ['no seconds', '2026-01-01T00:00Z'],
    ['a date only', '2026-01-01'],
    ['a space for T', '2026-01-01 00:00:00Z'],
    ['an empty fraction', '2026-01-01T00:00:00.Z'],
    ['a fraction of ten digits', '2026-01-01T00:00:00.0123456789Z'],
    ['a six-digit year', '+002026-01-01T00:00:00Z'],
    ['trailing text', '2026-01-01T00:00:00Z\u0000'],
    ['leading space', ' 2026-01-01T00:00:00Z'],
    ['epoch milliseconds', '1767225600000'],
  ])('refuses %s', (_case, text) => {
    expect(parseInstant(text)).toBeUndefined();
  });
});

describe('isSupportedSpan', () => {
  it('takes 366 local days in any zone and across a change of summer time, and nothing longer than 367 days', () => {
    expect(isSupportedSpan(0, MAX_RANGE_MS)).toBe(true);
    expect(isSupportedSpan(0, MAX_RANGE_MS + 1)).toBe(false);
    const begin = Date.parse('2025-10-25T00:00:00+02:00');
    const end = Date.parse('2026-10-25T23:59:59.999+01:00');
    expect(isSupportedSpan(begin, end)).toBe(true);
  });
});

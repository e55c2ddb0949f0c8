import {
  dayBounds,
  dayRangeFault,
  FIRST_DAY,
  isSupportedDayRange,
  LAST_DAY,
  presetRange,
  RANGE_PRESETS,
  rangeInstants,
} from '../../../../src/domain/model/DayRange';
import { isSupportedSpan, MAX_RANGE_DAYS, parseInstant } from '../../../../shared/instant';
import { addDays, daysBetween, startOfLocalDate } from '../../../../src/domain/model/LocalDate';

/** The longest range the filter takes: MAX_RANGE_DAYS days, both ends counted. */
const longestFrom = (begin: string) => ({ begin, end: addDays(begin, MAX_RANGE_DAYS - 1) });

describe('DayRange limits', () => {
  it('offers the days of the supported instants less one day at either end, for the time zones', () => {
    expect(FIRST_DAY).toBe('2000-01-02');
    expect(LAST_DAY).toBe('2100-12-30');
    // The first and last day fit in the zones furthest ahead of and behind UTC…
    expect(parseInstant(`${FIRST_DAY}T00:00:00+14:00`)).toBeDefined();
    expect(parseInstant(`${LAST_DAY}T23:59:59.999-12:00`)).toBeDefined();
    // …the days outside them would not (1 January 2000 starts in 1999 UTC east of Greenwich).
    expect(parseInstant(`${addDays(FIRST_DAY, -1)}T00:00:00+01:00`)).toBeUndefined();
    expect(parseInstant(`${addDays(LAST_DAY, 1)}T23:59:59.999-01:00`)).toBeUndefined();
  });

  it('takes real days from the first to the last supported day, begin not after end, at most MAX_RANGE_DAYS days', () => {
    expect(dayRangeFault({ begin: '2026-11-16', end: '2026-11-22' })).toBeNull();
    expect(dayRangeFault(longestFrom('2026-01-01'))).toBeNull();
    expect(dayRangeFault(longestFrom(FIRST_DAY))).toBeNull();
    expect(dayRangeFault({ begin: addDays(LAST_DAY, 1 - MAX_RANGE_DAYS), end: LAST_DAY })).toBeNull();
    expect(dayRangeFault({ begin: FIRST_DAY, end: FIRST_DAY })).toBeNull();

    expect(dayRangeFault({ begin: '2026-01-01', end: addDays('2026-01-01', MAX_RANGE_DAYS) })).toBe('tooLong');
    expect(dayRangeFault({ begin: '2026-01-01', end: '2027-02-05' })).toBe('tooLong');
    expect(dayRangeFault({ begin: '2025-01-01', end: '2026-12-31' })).toBe('tooLong');
    expect(dayRangeFault({ begin: '1999-06-15', end: '2000-01-05' })).toBe('outOfBounds');
    expect(dayRangeFault({ begin: '2000-01-01', end: '2000-01-05' })).toBe('outOfBounds');
    expect(dayRangeFault({ begin: '2100-12-01', end: '2100-12-31' })).toBe('outOfBounds');
    expect(dayRangeFault({ begin: '2101-01-01', end: '2026-01-01' })).toBe('outOfBounds');
    expect(dayRangeFault({ begin: '2026-11-23', end: '2026-11-22' })).toBe('reversed');
    expect(dayRangeFault({ begin: '2026-02-30', end: '2026-03-02' })).toBe('notADay');
    expect(dayRangeFault({ begin: '2026-11-16' })).toBe('notADay');
    expect(dayRangeFault('last week')).toBe('notADay');
    expect(dayRangeFault(null)).toBe('notADay');
    expect(isSupportedDayRange({ begin: '2026-11-16', end: '2026-11-22' })).toBe(true);
    expect(isSupportedDayRange({ begin: '2024-11-16', end: '2026-11-22' })).toBe(false);
  });

  it('gives a supported range instants the API takes, across summer time and at the edges', () => {
    // Europe/Berlin (jest.config.js): the longest ranges span a change of summer time.
    for (const range of [longestFrom('2026-01-01'), longestFrom('2026-06-01'), longestFrom(FIRST_DAY), { begin: addDays(LAST_DAY, 1 - MAX_RANGE_DAYS), end: LAST_DAY }]) {
      const { begin, end } = rangeInstants(range);
      const beginMs = parseInstant(begin);
      const endMs = parseInstant(end);
      expect([begin, end, beginMs !== undefined && endMs !== undefined && isSupportedSpan(beginMs, endMs)]).toEqual([begin, end, true]);
    }
    // In a zone whose offset falls by two hours between begin and end (more than summer time does).
    const range = longestFrom('2026-03-01');
    const beginMs = parseInstant(`${range.begin}T00:00:00+02:00`) as number;
    const endMs = parseInstant(`${range.end}T23:59:59.999+00:00`) as number;
    expect(isSupportedSpan(beginMs, endMs)).toBe(true);
  });

  it('keeps every preset inside the limits, on every day of the first and last supported years and beyond, and through the years between', () => {
    const outside: string[] = [];
    // Daily within a year of either edge, every fifth day (all weekdays, every part of a month) between.
    const step = (day: string) => (day > '2001-01-31' && day < '2099-12-01' ? 5 : 1);
    for (let day = '1999-12-01'; day <= '2101-01-31'; day = addDays(day, step(day))) {
      const noon = startOfLocalDate(day) as Date;
      noon.setHours(12);
      for (const preset of RANGE_PRESETS) {
        const range = presetRange(preset, noon);
        if (!isSupportedDayRange(range)) {
          outside.push(`${preset} on ${day}: ${range.begin}..${range.end}`);
        }
      }
    }
    expect(outside).toEqual([]);
  });

  it('cuts presets to the supported days only at the edges', () => {
    const at = (day: string) => startOfLocalDate(day) as Date;
    expect(presetRange('thisMonth', at('2026-11-21'))).toEqual({ begin: '2026-11-01', end: '2026-11-30' });
    expect(presetRange('thisMonth', at('2000-01-15'))).toEqual({ begin: FIRST_DAY, end: '2000-01-31' });
    expect(presetRange('next7Days', at('2100-12-28'))).toEqual({ begin: '2100-12-28', end: LAST_DAY });
    expect(presetRange('today', at('2100-12-31'))).toEqual({ begin: LAST_DAY, end: LAST_DAY });
    expect(presetRange('today', at('1999-12-31'))).toEqual({ begin: FIRST_DAY, end: FIRST_DAY });
  });

  it('lets each end move within the supported days, not past the other end nor further than MAX_RANGE_DAYS from it', () => {
    const range = { begin: '2026-11-16', end: '2026-11-22' };
    expect(dayBounds(range, 'begin')).toEqual({ min: addDays('2026-11-22', 1 - MAX_RANGE_DAYS), max: '2026-11-22' });
    expect(dayBounds(range, 'end')).toEqual({ min: '2026-11-16', max: addDays('2026-11-16', MAX_RANGE_DAYS - 1) });
    expect(daysBetween(dayBounds(range, 'end').min, dayBounds(range, 'end').max) + 1).toBe(MAX_RANGE_DAYS);
    expect(dayBounds({ begin: '2000-01-03', end: '2000-03-01' }, 'begin')).toEqual({ min: FIRST_DAY, max: '2000-03-01' });
    expect(dayBounds({ begin: '2100-11-01', end: '2100-11-02' }, 'end')).toEqual({ min: '2100-11-01', max: LAST_DAY });
  });
});

describe('LocalDate.daysBetween', () => {
  it('counts calendar days, whatever summer time does in between', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetween('2026-11-22', '2026-11-16')).toBe(-6);
  });
});

import { MAX_ORDER_DAYS, orderSpanProblems } from '../../../shared/orderSpan';
import { editSpanProblems } from '../../../src/domain/model/editSpanProblems';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('orderSpanProblems', () => {
  const begin = Date.parse('2032-01-01T08:00:00.000Z');

  it(`takes an order of no time up to ${MAX_ORDER_DAYS} days to the millisecond`, () => {
    expect(orderSpanProblems(begin, begin)).toEqual([]);
    expect(orderSpanProblems(begin, begin + MAX_ORDER_DAYS * DAY_MS)).toEqual([]);
    expect(Date.parse('2033-01-01T08:00:00.000Z') - begin).toBe(MAX_ORDER_DAYS * DAY_MS);
  });

  it('names begin and end of an order a millisecond longer, with the most days', () => {
    expect(orderSpanProblems(begin, begin + MAX_ORDER_DAYS * DAY_MS + 1)).toEqual([
      { field: 'begin', rule: 'tooLongBeforeEnd', limit: MAX_ORDER_DAYS },
      { field: 'end', rule: 'tooLongAfterBegin', limit: MAX_ORDER_DAYS },
    ]);
  });

  it('names a begin after the end as before, and leaves instants not yet valid to the form', () => {
    expect(orderSpanProblems(begin + 1, begin)).toEqual([
      { field: 'begin', rule: 'notAfterEnd' },
      { field: 'end', rule: 'notBeforeBegin' },
    ]);
    expect(orderSpanProblems(Number.NaN, begin)).toEqual([]);
    expect(orderSpanProblems(begin, Number.NaN)).toEqual([]);
  });
});

describe('editSpanProblems', () => {
  const century = { begin: '2000-01-01T00:00:00.000Z', end: '2100-12-31T23:59:59.999Z' };

  it('leaves an order stored longer alone while neither begin nor end is changed', () => {
    expect(editSpanProblems(century, { ...century })).toEqual({});
  });

  it('checks begin and end as edited, by field', () => {
    expect(editSpanProblems(century, { ...century, end: '2099-01-01T00:00:00.000Z' })).toEqual({
      begin: { field: 'begin', rule: 'tooLongBeforeEnd', limit: MAX_ORDER_DAYS },
      end: { field: 'end', rule: 'tooLongAfterBegin', limit: MAX_ORDER_DAYS },
    });
    expect(editSpanProblems(century, { ...century, begin: '2100-06-01T00:00:00.000Z' })).toEqual({});
    expect(editSpanProblems(century, { begin: '2100-06-01T00:00:00.000Z', end: '2100-05-01T00:00:00.000Z' })).toEqual({
      begin: { field: 'begin', rule: 'notAfterEnd' },
      end: { field: 'end', rule: 'notBeforeBegin' },
    });
  });
});

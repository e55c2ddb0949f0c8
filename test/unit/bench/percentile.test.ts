import { percentile, percentileOfSorted } from '../../../scripts/bench/shared/percentile';

describe('percentile', () => {
  it('is the nearest rank: the smallest value with at least p % of the values at or below it', () => {
    const values = [50, 10, 40, 20, 30, 60, 70, 80, 90, 100];
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(100);
    expect(percentile(values, 10)).toBe(10);
    expect(percentile(values, 11)).toBe(20);
  });

  it('sorts numbers as numbers, leaving the values it was given as they were', () => {
    const values = [9, 100, 10];
    expect(percentile(values, 50)).toBe(10);
    expect(values).toEqual([9, 100, 10]);
  });

  it('answers the first and the last value for 0 and 100', () => {
    expect(percentileOfSorted(Float64Array.from([1, 2, 3]), 0)).toBe(1);
    expect(percentileOfSorted([1, 2, 3], 100)).toBe(3);
  });

  it('is NaN without values', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

import { PRINT_CAP, printCoverage, printTarget } from '../../../../src/domain/model/printCoverage';

describe('printCoverage', () => {
  it('a print reads the whole filter, at most the cap', () => {
    expect(printTarget(0)).toBe(0);
    expect(printTarget(321)).toBe(321);
    expect(printTarget(4321)).toBe(PRINT_CAP);
    expect(PRINT_CAP).toBe(1000);
  });

  it('every order printed is all, read to the end or not', () => {
    expect(printCoverage(12, 12, true)).toEqual({ kind: 'all', count: 12 });
    expect(printCoverage(12, 12, false)).toEqual({ kind: 'all', count: 12 });
    expect(printCoverage(0, 0, false)).toEqual({ kind: 'all', count: 0 });
  });

  it('a load that read the cap of a larger filter is the first so many of it', () => {
    expect(printCoverage(1000, 4321, true)).toEqual({ kind: 'capped', count: 1000, total: 4321 });
  });

  it('anything printed before the load was done is partial', () => {
    expect(printCoverage(300, 4321, false)).toEqual({ kind: 'partial', count: 300, total: 4321 });
    expect(printCoverage(1000, 4321, false)).toEqual({ kind: 'partial', count: 1000, total: 4321 });
    expect(printCoverage(500, 700, true)).toEqual({ kind: 'partial', count: 500, total: 700 });
  });
});

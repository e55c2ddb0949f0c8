import { reconnectDelay } from '../../../../src/infrastructure/events/reconnectDelay';

describe('reconnectDelay', () => {
  const bounds = (attempt: number, serverRetry: number | null) => [
    reconnectDelay(attempt, serverRetry, 0),
    reconnectDelay(attempt, serverRetry, 0.999999),
  ];

  it('starts at 1 s without a server value and doubles both ends of its range', () => {
    expect([1, 2, 3, 4].map((attempt) => bounds(attempt, null))).toEqual([
      [1000, 2000],
      [2000, 4000],
      [4000, 8000],
      [8000, 16000],
    ]);
  });

  it('stays within 15 to 30 s from the cap on', () => {
    expect(bounds(5, null)).toEqual([15000, 30000]);
    expect(bounds(50, null)).toEqual([15000, 30000]);
  });

  it("takes the server's retry as the shortest first wait", () => {
    expect(bounds(1, 3000)).toEqual([3000, 6000]);
    expect(bounds(2, 3000)).toEqual([6000, 12000]);
    expect(bounds(4, 3000)).toEqual([15000, 30000]);
  });

  it('keeps a server value within 1 to 30 s', () => {
    expect(bounds(1, 0)).toEqual([1000, 2000]);
    expect(bounds(1, 120000)).toEqual([15000, 30000]);
  });

  it('spreads the wait evenly over its range', () => {
    expect(reconnectDelay(1, 3000, 0.5)).toBe(4500);
  });
});

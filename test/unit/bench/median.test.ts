import { median } from '../../../scripts/bench/shared/median';

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([9, 1, 5, 3, 7])).toBe(5);
  });

  it('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('is NaN without values', () => {
    expect(median([])).toBeNaN();
  });
});

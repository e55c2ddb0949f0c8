import { lostClicks } from '../../../scripts/bench/firstScreen/probe';

describe('lostClicks', () => {
  it('counts the clicks received before the one that opened the order', () => {
    expect(lostClicks({ clicks: [500], navigatedAt: 520, openAt: 700 })).toBe(0);
    expect(lostClicks({ clicks: [500, 600, 700], navigatedAt: 720, openAt: 900 })).toBe(2);
  });

  it('leaves out the clicks that came after the order opened', () => {
    expect(lostClicks({ clicks: [500, 600, 700], navigatedAt: 520, openAt: 800 })).toBe(0);
  });

  it('takes the order on screen where the address never changed, and counts nothing without a click', () => {
    expect(lostClicks({ clicks: [500, 600], navigatedAt: null, openAt: 650 })).toBe(1);
    expect(lostClicks({ clicks: [], navigatedAt: null, openAt: null })).toBe(0);
  });
});

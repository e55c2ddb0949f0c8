import { clipToViewport, placeCard } from '../../../../src/ui/tour/placeCard';
import { isOnScreen } from '../../../../src/ui/tour/targetOnScreen';

const viewport = { width: 1000, height: 800 };
const card = { width: 300, height: 150 };

describe('placing the tour card', () => {
  it('goes below a target near the top, lined up with its left edge', () => {
    expect(placeCard({ top: 100, left: 50, width: 200, height: 40 }, card, viewport)).toEqual({ top: 152, left: 50 });
  });

  it('lines up with the right edge of a target in the right half', () => {
    expect(placeCard({ top: 10, left: 850, width: 140, height: 30 }, card, viewport)).toEqual({ top: 52, left: 690 });
  });

  it('goes above a target near the bottom', () => {
    expect(placeCard({ top: 700, left: 50, width: 200, height: 40 }, card, viewport)).toEqual({ top: 538, left: 50 });
  });

  it('goes beside a tall target, and inside its lower right corner when nothing else fits', () => {
    expect(placeCard({ top: 100, left: 20, width: 400, height: 650 }, card, viewport)).toEqual({ top: 100, left: 432 });
    expect(placeCard({ top: 100, left: 0, width: 1000, height: 700 }, card, viewport)).toEqual({ top: 638, left: 688 });
  });

  it('keeps the card inside the viewport', () => {
    expect(placeCard({ top: 10, left: -50, width: 100, height: 30 }, card, viewport).left).toBe(8);
  });

  it('highlights only the part of a target inside the viewport', () => {
    expect(clipToViewport({ top: 150, left: -4, width: 1008, height: 2000 }, viewport)).toEqual({ top: 150, left: 0, width: 1000, height: 650 });
  });
});

describe('a target on screen', () => {
  it('has a size and lies at least partly inside the viewport', () => {
    expect(isOnScreen({ top: 10, left: 10, width: 50, height: 20 }, viewport)).toBe(true);
    expect(isOnScreen({ top: 790, left: 10, width: 50, height: 40 }, viewport)).toBe(true);
    expect(isOnScreen({ top: 10, left: 10, width: 0, height: 0 }, viewport)).toBe(false);
    expect(isOnScreen({ top: 900, left: 10, width: 50, height: 20 }, viewport)).toBe(false);
    expect(isOnScreen({ top: -40, left: 10, width: 50, height: 20 }, viewport)).toBe(false);
    expect(isOnScreen({ top: 10, left: 1000, width: 50, height: 20 }, viewport)).toBe(false);
  });
});

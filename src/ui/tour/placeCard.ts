import type { Box, Size } from './targetOnScreen';

/** Space between the highlighted target and the card, and between the card and the viewport's edge. */
const GAP = 12;
const MARGIN = 8;

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, Math.max(min, max)));

/** The part of `box` inside the viewport. */
export function clipToViewport(box: Box, viewport: Size): Box {
  const top = Math.max(box.top, 0);
  const left = Math.max(box.left, 0);
  const bottom = Math.min(box.top + box.height, viewport.height);
  const right = Math.min(box.left + box.width, viewport.width);
  return { top, left, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/**
 * Where the step card goes: below the target, else above, else beside it, else inside its lower
 * right corner, clear of the headings a large target such as the list starts with; always inside
 * the viewport. Beside a target in the right half it lines up with the
 * target's right edge, so header items at the far right keep their card on screen.
 */
export function placeCard(target: Box, card: Size, viewport: Size): { top: number; left: number } {
  const bottom = target.top + target.height;
  const right = target.left + target.width;
  const maxTop = viewport.height - card.height - MARGIN;
  const maxLeft = viewport.width - card.width - MARGIN;
  const alignedLeft = target.left + target.width / 2 > viewport.width / 2 ? right - card.width : target.left;

  if (bottom + GAP + card.height <= viewport.height - MARGIN) {
    return { top: bottom + GAP, left: clamp(alignedLeft, MARGIN, maxLeft) };
  }
  if (target.top - GAP - card.height >= MARGIN) {
    return { top: target.top - GAP - card.height, left: clamp(alignedLeft, MARGIN, maxLeft) };
  }
  if (right + GAP + card.width <= viewport.width - MARGIN) {
    return { top: clamp(target.top, MARGIN, maxTop), left: right + GAP };
  }
  if (target.left - GAP - card.width >= MARGIN) {
    return { top: clamp(target.top, MARGIN, maxTop), left: target.left - GAP - card.width };
  }
  return { top: clamp(bottom - GAP - card.height, MARGIN, maxTop), left: clamp(right - GAP - card.width, MARGIN, maxLeft) };
}

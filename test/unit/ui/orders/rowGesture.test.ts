import { rowGesture, type RowClick } from '../../../../src/ui/orders/rowGesture';

const click = (change: Partial<RowClick> = {}): RowClick => ({ onMark: false, shiftKey: false, ctrlKey: false, metaKey: false, detail: 1, ...change });

describe('rowGesture', () => {
  it('opens the order of a plain click or tap, once for a double click', () => {
    expect(rowGesture(click(), true)).toBe('open');
    expect(rowGesture(click(), false)).toBe('open');
    // A click that a screen reader or a script sends counts none.
    expect(rowGesture(click({ detail: 0 }), true)).toBe('open');
    expect(rowGesture(click({ detail: 2 }), true)).toBe('none');
  });

  it('selects with the check box and Ctrl/Cmd-click, a range with Shift-click, and opens nothing then', () => {
    expect(rowGesture(click({ onMark: true }), true)).toBe('toggle');
    expect(rowGesture(click({ onMark: true, detail: 2 }), true)).toBe('toggle');
    expect(rowGesture(click({ ctrlKey: true }), true)).toBe('toggle');
    expect(rowGesture(click({ metaKey: true }), true)).toBe('toggle');
    expect(rowGesture(click({ shiftKey: true }), true)).toBe('extend');
    expect(rowGesture(click({ shiftKey: true, onMark: true }), true)).toBe('extend');
  });

  it('only moves the cursor for a click with a modifier where orders cannot be selected', () => {
    expect(rowGesture(click({ ctrlKey: true }), false)).toBe('cursor');
    expect(rowGesture(click({ shiftKey: true }), false)).toBe('cursor');
    expect(rowGesture(click({ metaKey: true, detail: 2 }), false)).toBe('cursor');
  });
});

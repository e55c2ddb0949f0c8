import { barKeyAction } from '../../../../src/ui/planning/barKeys';

const key = (name: string, modifiers: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
  barKeyAction({ key: name, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...modifiers });

describe('barKeyAction', () => {
  it('moves with the arrows, changes the end with Shift, saves with Enter and cancels with Escape', () => {
    expect([key('ArrowLeft'), key('ArrowRight'), key('ArrowUp'), key('ArrowDown')]).toEqual([
      { step: 'earlier' },
      { step: 'later' },
      { step: 'stationUp' },
      { step: 'stationDown' },
    ]);
    expect([key('ArrowLeft', { shiftKey: true }), key('ArrowRight', { shiftKey: true })]).toEqual([{ step: 'endEarlier' }, { step: 'endLater' }]);
    expect([key('Enter'), key('Escape')]).toEqual(['save', 'cancel']);
  });

  it('goes along the row with Ctrl or ⌘, and leaves other keys and Alt to the browser', () => {
    expect([key('ArrowLeft', { ctrlKey: true }), key('ArrowRight', { metaKey: true })]).toEqual(['previousBar', 'nextBar']);
    expect([key('ArrowLeft', { altKey: true }), key('ArrowUp', { shiftKey: true }), key('Tab'), key('a')]).toEqual([null, null, null, null]);
  });
});

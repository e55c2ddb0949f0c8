import { MAX_NOTE_LINES, sheetNotes } from '../../../../src/ui/print/sheetNotes';

describe('sheetNotes', () => {
  it('keeps notes of up to so many lines as typed', () => {
    expect(sheetNotes('  Bremsen prüfen.\nKunde wartet.\n')).toEqual({ text: 'Bremsen prüfen.\nKunde wartet.', dense: false });
    const lines = Array.from({ length: MAX_NOTE_LINES }, (_, i) => `Punkt ${i + 1}`).join('\n');
    expect(sheetNotes(lines)).toEqual({ text: lines, dense: false });
    expect(sheetNotes('')).toEqual({ text: '', dense: false });
  });

  it('runs notes of more lines on, every word kept, empty lines left out, so they stay on the page', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => (i % 2 ? '' : `x${i}`)).join('\n');
    const notes = sheetNotes(lines);
    expect(notes.dense).toBe(true);
    expect(notes.text.startsWith('x0 / x2 / x4')).toBe(true);
    expect(notes.text.split(' / ')).toHaveLength(500);
    expect(sheetNotes(Array.from({ length: MAX_NOTE_LINES + 1 }, () => 'a\r').join('\n')).text).toBe(Array.from({ length: MAX_NOTE_LINES + 1 }, () => 'a').join(' / '));
  });
});

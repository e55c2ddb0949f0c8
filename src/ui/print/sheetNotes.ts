/** Lines of notes the sheet keeps as lines: with the facts and the signature, they fill its one page. */
export const MAX_NOTE_LINES = 24;

/** The notes as the order sheet prints them. */
export interface SheetNotes {
  text: string;
  /** Written smaller, their lines run on (`text` joins them with " / "). */
  dense: boolean;
}

/**
 * The notes for the one page of the order sheet. Up to `MAX_NOTE_LINES` lines they are printed as
 * typed (long lines wrap: 2 000 characters of prose fit). Notes of more lines (the 2 000 characters
 * allow up to a thousand short ones) run on, their lines joined with " / " and empty ones left out,
 * so that they wrap as prose does and stay on the page, every word of them kept.
 */
export function sheetNotes(notes: string): SheetNotes {
  const lines = notes.trim().split(/\r\n|\r|\n/);
  if (lines.length <= MAX_NOTE_LINES) return { text: notes.trim(), dense: false };
  return {
    text: lines
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' / '),
    dense: true,
  };
}

import { isLanguage, type Language } from '../../../shared/Language';
import { isColumnChoice, type OrderColumn } from '../../../shared/OrderColumn';

/**
 * Where the orders grid stood the last time this browser laid it out, and what it showed: the
 * window's size and the language it was laid out for, the grid's box in the window, its columns, its
 * rows' height and the theme. The entry draws the first rows of a start there (`firstRowsPreview`),
 * before the console exists, so that they do not move when the console takes over.
 */
export interface FirstRowsPlacement {
  window: { width: number; height: number };
  language: Language;
  /** The grid's box (its border box), in CSS pixels from the window's top left corner. */
  grid: { top: number; left: number; width: number; height: number };
  columns: readonly OrderColumn[];
  rowHeight: number;
  /** The dark theme was shown (Blueprint's `bp6-dark` on <body>). */
  dark: boolean;
}

/** The `localStorage` key of the placement: a layout's memo, not part of `cockpit.state`. */
export const FIRST_ROWS_PLACEMENT_KEY = 'cockpit.firstRows';

/** Keeps `placement` when it differs from the one kept; a storage that refuses it keeps the old one. */
export function rememberFirstRowsPlacement(storage: Pick<Storage, 'getItem' | 'setItem'>, placement: FirstRowsPlacement): void {
  try {
    const text = JSON.stringify(placement);
    if (storage.getItem(FIRST_ROWS_PLACEMENT_KEY) !== text) {
      storage.setItem(FIRST_ROWS_PLACEMENT_KEY, text);
    }
  } catch {
    // Full or refused: the next start draws no rows early, nothing else.
  }
}

/**
 * The placement kept for a window of this size and this language, or null: none kept, another
 * size or language (the filters above the grid would wrap otherwise), or not a placement.
 */
export function rememberedFirstRowsPlacement(
  storage: Pick<Storage, 'getItem'>,
  window: { width: number; height: number },
  language: Language,
): FirstRowsPlacement | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(FIRST_ROWS_PLACEMENT_KEY) ?? 'null');
    if (!isPlacement(value)) {
      return null;
    }
    return value.window.width === window.width && value.window.height === window.height && value.language === language ? value : null;
  } catch {
    return null;
  }
}

const isSize = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value) && value >= 0;

function isPlacement(value: unknown): value is FirstRowsPlacement {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const { window, language, grid, columns, rowHeight, dark } = value as Record<string, unknown>;
  const box = (grid ?? {}) as Record<string, unknown>;
  const size = (window ?? {}) as Record<string, unknown>;
  return (
    isSize(size['width']) &&
    isSize(size['height']) &&
    isLanguage(language) &&
    ['top', 'left', 'width', 'height'].every((side) => isSize(box[side])) &&
    isColumnChoice(columns) &&
    isSize(rowHeight) &&
    (rowHeight as number) > 0 &&
    typeof dark === 'boolean'
  );
}

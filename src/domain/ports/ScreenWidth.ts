/**
 * How wide the console's window is, in the three classes the views lay out for: `wide` (the desk's
 * 1 366 px and anything over 1 100 px), `tablet` (at most 1 100 px: the counter's tablet) and `phone`
 * (at most 600 px: the yard).
 */
export type ScreenClass = 'wide' | 'tablet' | 'phone';

/** The widest window of each narrow class, in CSS pixels (the stylesheets' `@media` rules use the same). */
export const TABLET_MAX_WIDTH = 1100;
export const PHONE_MAX_WIDTH = 600;

/** The window's width class, observable: it changes live as the window is resized or the device turned. */
export interface ScreenWidth {
  readonly current: ScreenClass;
}

export const ScreenWidth = Symbol('ScreenWidth');

/** Whether `screen` is narrower than the desk's (a tablet or a phone). */
export function isNarrow(screen: ScreenClass): boolean {
  return screen !== 'wide';
}

import type { BarStep } from '../../domain/stores/BarRescheduleStore';

/** What a key on a focused bar does: a step of its move, saving or dropping the move, or moving the focus along its row. */
export type BarKeyAction = { step: BarStep } | 'save' | 'cancel' | 'previousBar' | 'nextBar' | null;

/**
 * The board's keys on a bar: arrows move it by the grid's step (Up and Down to the station above or
 * below), Shift with Left or Right moves its end, Enter saves, Escape cancels; Ctrl (⌘ on a Mac) with
 * Left or Right goes to the row's previous or next bar.
 */
export function barKeyAction(event: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): BarKeyAction {
  if (event.altKey) return null;
  const horizontal = event.key === 'ArrowLeft' || event.key === 'ArrowRight';
  if (horizontal && (event.ctrlKey || event.metaKey)) return event.key === 'ArrowLeft' ? 'previousBar' : 'nextBar';
  if (event.ctrlKey || event.metaKey) return null;
  if (horizontal && event.shiftKey) return { step: event.key === 'ArrowLeft' ? 'endEarlier' : 'endLater' };
  if (event.shiftKey) return null;
  switch (event.key) {
    case 'ArrowLeft':
      return { step: 'earlier' };
    case 'ArrowRight':
      return { step: 'later' };
    case 'ArrowUp':
      return { step: 'stationUp' };
    case 'ArrowDown':
      return { step: 'stationDown' };
    case 'Enter':
      return 'save';
    case 'Escape':
      return 'cancel';
    default:
      return null;
  }
}

import { useCallback, useRef, type PointerEvent } from 'react';
import type { BarPart, BarRescheduleStore } from '../../domain/stores/BarRescheduleStore';
import { stationAt } from './nearView';

/** Pixels a pointer travels before a press on a bar becomes a drag (less is a click, which opens the order). */
const DRAG_THRESHOLD_PX = 4;

interface Drag {
  id: string;
  part: BarPart;
  pointerId: number;
  startX: number;
  /** Pixels of one grid step in the bar's row. */
  stepPx: number;
  dragging: boolean;
}

/**
 * Dragging bars with Pointer Events (mouse, pen, touch): the bar by its body (in time, and onto the
 * row under the pointer), or a handle at its begin or end. Each move shows the bar where it would go
 * (`BarRescheduleStore.drag`); letting go saves it through the same path as the keyboard's Enter, and
 * the click that follows a drag does not open the order.
 */
export function useBarDrag(moves: BarRescheduleStore, columns: number) {
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const target = event.target as HTMLElement;
      const bar = target.closest<HTMLElement>('[data-order-id]');
      const track = bar?.parentElement;
      // A touch drag ends without a click: its note must not swallow the next tap's.
      suppressClick.current = false;
      if (!bar || !track || event.button !== 0 || !bar.dataset.orderId) return;
      const part = (target.closest<HTMLElement>('[data-part]')?.dataset.part as BarPart | undefined) ?? 'move';
      drag.current = { id: bar.dataset.orderId, part, pointerId: event.pointerId, startX: event.clientX, stepPx: track.getBoundingClientRect().width / columns, dragging: false };
    },
    [columns],
  );

  const onPointerMove = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      const dx = event.clientX - current.startX;
      if (!current.dragging) {
        if (Math.abs(dx) < DRAG_THRESHOLD_PX && current.part === 'move') return;
        current.dragging = true;
        event.currentTarget.setPointerCapture(event.pointerId);
      }
      // The row under the pointer, found by the rows' boxes (asking the browser what lies at the point
      // would test every bar), and only inside the board's visible, scrolling area.
      const board = (event.currentTarget.parentElement ?? event.currentTarget).getBoundingClientRect();
      const inBoard = event.clientX >= board.left && event.clientX < board.right && event.clientY >= board.top && event.clientY < board.bottom;
      const station = inBoard ? stationAt(event.currentTarget.querySelectorAll<HTMLElement>('[data-station]'), event.clientY) : undefined;
      if (!moves.drag(current.id, current.part, Math.round(dx / current.stepPx), station)) {
        if (!moves.mayMove) drag.current = null;
      }
    },
    [moves],
  );

  const onPointerUp = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const current = drag.current;
      drag.current = null;
      if (!current?.dragging || current.pointerId !== event.pointerId) return;
      suppressClick.current = true;
      void moves.save();
    },
    [moves],
  );

  const onPointerCancel = useCallback(() => {
    if (drag.current?.dragging) moves.cancel();
    drag.current = null;
  }, [moves]);

  /** Whether a click is the end of a drag (and takes that note away). */
  const endedDrag = useCallback(() => {
    const ended = suppressClick.current;
    suppressClick.current = false;
    return ended;
  }, []);

  return { handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel }, endedDrag };
}

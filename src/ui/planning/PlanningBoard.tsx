import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BarRescheduleStore } from '../../domain/stores/BarRescheduleStore';
import { PlanningBoardStore } from '../../domain/stores/PlanningBoardStore';
import { useService } from '../services/useService';
import { barKeyAction } from './barKeys';
import { useBarDrag } from './useBarDrag';
import { PlanningColumns } from './PlanningColumns';
import { PlanningRowView } from './PlanningRowView';

export interface PlanningBoardProps {
  /** Opens order `id` (the orders page's drawer). */
  onOpen(id: string): void;
}

/**
 * The board: the time axis, then a row per station. A bar opens its order on a click, or on Enter
 * when it is not being moved; its keys (`barKeyAction`) or a drag (`useBarDrag`) move it, and the
 * focus follows it to another row.
 */
export const PlanningBoard = observer(function PlanningBoard({ onOpen }: PlanningBoardProps) {
  const { t } = useTranslation();
  const board = useService(PlanningBoardStore);
  const moves = useService(BarRescheduleStore);
  const [focusId, setFocusId] = useState<string | null>(null);
  const element = useRef<HTMLDivElement>(null);
  const movedTo = board.pending?.station;

  // A bar being moved is drawn anew (on top of its row, or in another row), and again where it
  // stands once the move is saved or dropped: the focus goes with it.
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (focusId && (movedTo !== undefined || lost)) {
      const bar = element.current?.querySelector<HTMLElement>(`[data-order-id="${CSS.escape(focusId)}"]`);
      if (bar && bar !== document.activeElement) bar.focus();
    }
  }, [focusId, movedTo]);

  const onKey = useCallback(
    (event: KeyboardEvent<HTMLElement>, id: string) => {
      const action = barKeyAction(event);
      if (action === null) return;
      event.preventDefault();
      if (action === 'previousBar' || action === 'nextBar') {
        const bars = [...(event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[data-order-id]') ?? [])];
        bars[bars.indexOf(event.currentTarget) + (action === 'nextBar' ? 1 : -1)]?.focus();
      } else if (action === 'save') {
        if (moves.pending?.id === id) void moves.save();
        else onOpen(id);
      } else if (action === 'cancel') {
        moves.cancel();
      } else {
        if (moves.pending && moves.pending.id !== id) moves.cancel();
        moves.step(id, action.step);
      }
    },
    [moves, onOpen],
  );
  const { handlers, endedDrag } = useBarDrag(moves, board.grid.columns.length);
  const onClick = useCallback((_event: MouseEvent<HTMLElement>, id: string) => !endedDrag() && onOpen(id), [onOpen, endedDrag]);
  return (
    <div ref={element} className="cockpit-planning-board" role="grid" aria-label={t('planning.boardLabel')} aria-busy={board.state === 'loading'} data-scale={board.grid.scale} {...handlers}>
      <PlanningColumns grid={board.grid} />
      {board.rowStations.map((station) => (
        <PlanningRowView key={station} station={station} handles={moves.mayMove} focusId={focusId} onBarKey={onKey} onBarClick={onClick} onBarFocus={setFocusId} />
      ))}
    </div>
  );
});

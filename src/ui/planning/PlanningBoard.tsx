import { observer } from 'mobx-react-lite';
import { useCallback, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanningBoardStore } from '../../domain/stores/PlanningBoardStore';
import { useService } from '../services/useService';
import { PlanningColumns } from './PlanningColumns';
import { PlanningRowView } from './PlanningRowView';

export interface PlanningBoardProps {
  /** Opens order `id` (the orders page's drawer). */
  onOpen(id: string): void;
  /** Keys on a bar not handled here (moving it). */
  onBarKey?(event: KeyboardEvent<HTMLElement>, id: string): void;
}

/** The board: the time axis, then a row per station; a bar opens its order on a click or Enter. */
export const PlanningBoard = observer(function PlanningBoard({ onOpen, onBarKey }: PlanningBoardProps) {
  const { t } = useTranslation();
  const board = useService(PlanningBoardStore);
  const [focusId, setFocusId] = useState<string | null>(null);
  const onKey = useCallback(
    (event: KeyboardEvent<HTMLElement>, id: string) => {
      onBarKey?.(event, id);
      if (event.defaultPrevented) return;
      if (event.key === 'Enter') {
        event.preventDefault();
        onOpen(id);
      } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        // Along the row, without moving anything: the next or previous bar takes the focus.
        const bars = [...(event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[data-order-id]') ?? [])];
        const next = bars[bars.indexOf(event.currentTarget) + (event.key === 'ArrowRight' ? 1 : -1)];
        next?.focus();
        event.preventDefault();
      }
    },
    [onBarKey, onOpen],
  );
  const onClick = useCallback((_event: MouseEvent<HTMLElement>, id: string) => onOpen(id), [onOpen]);
  return (
    <div className="cockpit-planning-board" role="grid" aria-label={t('planning.boardLabel')} aria-busy={board.state === 'loading'} data-scale={board.grid.scale}>
      <PlanningColumns grid={board.grid} />
      {board.rowStations.map((station) => (
        <PlanningRowView key={station} station={station} focusId={focusId} onBarKey={onKey} onBarClick={onClick} onBarFocus={setFocusId} />
      ))}
    </div>
  );
});

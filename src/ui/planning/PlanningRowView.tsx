import { observer } from 'mobx-react-lite';
import { useRef, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/Language';
import type { PlanningBar } from '../../domain/model/planning/boardLayout';
import { PlanningBoardStore } from '../../domain/stores/PlanningBoardStore';
import { useService } from '../services/useService';
import { useBarMarks } from './BarMarks';
import { PlanningBarList } from './PlanningBarList';
import { LANE_PX, PlanningBarView } from './PlanningBarView';
import { useNearView } from './useNearView';

/** `id` when one of `bars` is its bar; else null. */
function held(bars: readonly PlanningBar[], id: string | null | undefined): string | null {
  return id !== null && id !== undefined && bars.some((bar) => bar.order.id === id) ? id : null;
}

export interface PlanningRowViewProps {
  station: string;
  /** Bars carry a handle at each end to drag (the role allows moving them). */
  handles: boolean;
  /** The bar that takes the row's Tab stop (roving tabindex); else its first. */
  focusId: string | null;
  onBarKey(event: KeyboardEvent<HTMLElement>, id: string): void;
  onBarClick(event: MouseEvent<HTMLElement>, id: string): void;
  onBarFocus(id: string): void;
}

/**
 * A station's row: its name (sticky at the left), its bars as saved in chunks (`PlanningBarList`, the
 * bar being moved left out) and the bar being moved to or in it, drawn last (on top, and alone again
 * as it goes a step further); busy
 * until every page of its station is read. Each row observes only its
 * own layout, and draws all its bars only in or near the visible area (`useNearView`): a board of
 * thousands of bars keeps few elements for the browser to lay out, paint and hit-test.
 */
export const PlanningRowView = observer(function PlanningRowView({ station, handles, focusId, onBarKey, onBarClick, onBarFocus }: PlanningRowViewProps) {
  const { t, i18n } = useTranslation();
  const board = useService(PlanningBoardStore);
  const row = board.rowOf(station);
  const language = i18n.language as Language;
  const tabStop = row.bars.some((bar) => bar.order.id === focusId) ? focusId : (row.bars[0]?.order.id ?? null);
  const pendingId = board.pendingIn(station)?.id;
  const moving = pendingId === undefined ? undefined : row.bars.find((bar) => bar.order.id === pendingId);
  // Far from the visible area a row draws only the bar its Tab stop is on (and the one being moved).
  const track = useRef<HTMLDivElement>(null);
  const near = useNearView(track);
  const chunks = near ? board.barChunks(station) : [row.bars.filter((bar) => bar.order.id === tabStop && bar.order.id !== pendingId)];
  const shared = { handles, t, language, onBarKey, onBarClick, onBarFocus };
  const marksOf = useBarMarks();
  return (
    <div className="cockpit-planning-row" role="row" aria-busy={board.rowBusy(station)} data-station={station} style={{ '--lanes': row.lanes } as CSSProperties}>
      <div className="cockpit-planning-station" role="rowheader">
        {station}
      </div>
      <div ref={track} className="cockpit-planning-track" role="gridcell" style={{ height: row.lanes * LANE_PX + 6 }}>
        {chunks.map((bars, index) => (
          // Each chunk is told only of the bar left out and the Tab stop it holds: a chunk holding neither is not drawn again.
          <PlanningBarList key={index} bars={bars} hidden={held(bars, pendingId)} tabStop={held(bars, tabStop)} {...shared} />
        ))}
        {moving && (
          <PlanningBarView
            key={moving.order.id}
            {...moving}
            {...marksOf(moving.order, board.changedElsewhere.has(moving.order.id))}
            moving
            tabStop={moving.order.id === tabStop}
            {...shared}
          />
        )}
      </div>
    </div>
  );
});

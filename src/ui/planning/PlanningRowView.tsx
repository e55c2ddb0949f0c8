import { observer } from 'mobx-react-lite';
import type { CSSProperties, KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/Language';
import { PlanningBoardStore } from '../../domain/stores/PlanningBoardStore';
import { useService } from '../services/useService';
import { BarAuthor, BarMarks, useBarMarks } from './BarMarks';
import { barLabel } from './barLabel';

/** The height of a lane of bars, in pixels (PlanningPage.css draws a bar a little lower). */
export const LANE_PX = 30;

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
 * A station's row: its name (sticky at the left) and its bars, each a plain element placed by the
 * layout (`left`/`width` as a share of the row, its lane by `transform`), so that thousands of them
 * stay cheap. Each row observes only its own layout.
 */
export const PlanningRowView = observer(function PlanningRowView({ station, handles, focusId, onBarKey, onBarClick, onBarFocus }: PlanningRowViewProps) {
  const { t, i18n } = useTranslation();
  const board = useService(PlanningBoardStore);
  const row = board.rowOf(station);
  const language = i18n.language as Language;
  const tabStop = row.bars.some((bar) => bar.order.id === focusId) ? focusId : (row.bars[0]?.order.id ?? null);
  const pendingId = board.pendingIn(station)?.id;
  const marksOf = useBarMarks();
  return (
    <div className="cockpit-planning-row" role="row" data-station={station} style={{ '--lanes': row.lanes } as CSSProperties}>
      <div className="cockpit-planning-station" role="rowheader">
        {station}
      </div>
      <div className="cockpit-planning-track" role="gridcell" style={{ height: row.lanes * LANE_PX + 6 }}>
        {row.bars.map((bar) => {
          const { order } = bar;
          const changed = board.changedElsewhere.has(order.id);
          const marks = marksOf(order, changed);
          const classes = ['cockpit-planning-bar', `cockpit-planning-bar--${order.status}`];
          if (bar.continuesBefore) classes.push('cockpit-planning-bar--before');
          if (bar.continuesAfter) classes.push('cockpit-planning-bar--after');
          if (changed) classes.push('cockpit-planning-bar--changed');
          if (marks.doubleBooked) classes.push('cockpit-planning-bar--double');
          if (order.id === pendingId) classes.push('cockpit-planning-bar--moving');
          return (
            <div
              key={order.id}
              className={classes.join(' ')}
              role="button"
              tabIndex={order.id === tabStop ? 0 : -1}
              aria-label={barLabel(bar, marks, t, language)}
              data-order-id={order.id}
              style={{ left: `${bar.left * 100}%`, width: `${Math.max(0, bar.right - bar.left) * 100}%`, transform: `translateY(${bar.lane * LANE_PX}px)` }}
              onKeyDown={(event) => onBarKey(event, order.id)}
              onClick={(event) => onBarClick(event, order.id)}
              onFocus={() => onBarFocus(order.id)}
            >
              {handles && <span className="cockpit-planning-handle cockpit-planning-handle--begin" data-part="begin" aria-hidden="true" />}
              <BarMarks marks={marks} />
              <span className="cockpit-planning-bar-number">{order.number}</span> <span className="cockpit-planning-bar-customer">{order.customer.name}</span>
              <BarAuthor marks={marks} />
              {handles && <span className="cockpit-planning-handle cockpit-planning-handle--end" data-part="end" aria-hidden="true" />}
            </div>
          );
        })}
      </div>
    </div>
  );
});

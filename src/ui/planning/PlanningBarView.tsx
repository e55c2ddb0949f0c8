import type { TFunction } from 'i18next';
import { memo, useMemo, type KeyboardEvent, type MouseEvent } from 'react';
import type { Language } from '../../../shared/Language';
import type { PlanningBar } from '../../domain/model/planning/boardLayout';
import { BarAuthor, BarMarks } from './BarMarks';
import { barLabel } from './barLabel';

/** The height of a lane of bars, in pixels (PlanningPage.css draws a bar a little lower). */
export const LANE_PX = 30;

/** What every bar of the board is drawn with alike. */
export interface BarViewShared {
  /** It carries a handle at each end to drag. */
  handles: boolean;
  t: TFunction;
  language: Language;
  onBarKey(event: KeyboardEvent<HTMLElement>, id: string): void;
  onBarClick(event: MouseEvent<HTMLElement>, id: string): void;
  onBarFocus(id: string): void;
}

/** A bar as laid out (where it lies in its row, its lane), its marks and its state. */
export interface PlanningBarViewProps extends PlanningBar, BarViewShared {
  /** Who else changed it ("changed by …"; null: no one); its vehicle booked twice (the mark's text; null: not). */
  changedBy: string | null;
  doubleBooked: string | null;
  moving: boolean;
  /** The bar takes its row's Tab stop. */
  tabStop: boolean;
}

/**
 * One order's bar, a plain element placed by the layout (`left`/`width` as a share of the row, its
 * lane by `transform`). Drawn again only when one of its own props changes: a row laid out anew (a
 * page read, a bar dragged) redraws the bars that moved, not its every bar, and names a bar again
 * only when its order, marks or language change.
 */
export const PlanningBarView = memo(function PlanningBarView(props: PlanningBarViewProps) {
  const { order, left, right, lane, continuesBefore, continuesAfter, changedBy, doubleBooked, moving, tabStop, handles, t, language, onBarKey, onBarClick, onBarFocus } = props;
  const marks = useMemo(() => ({ changedBy, doubleBooked }), [changedBy, doubleBooked]);
  // The name does not depend on where the bar lies.
  const label = useMemo(() => barLabel({ order, continuesBefore, continuesAfter }, marks, t, language), [order, continuesBefore, continuesAfter, marks, t, language]);
  const classes = ['cockpit-planning-bar', `cockpit-planning-bar--${order.status}`];
  if (continuesBefore) classes.push('cockpit-planning-bar--before');
  if (continuesAfter) classes.push('cockpit-planning-bar--after');
  if (changedBy) classes.push('cockpit-planning-bar--changed');
  if (doubleBooked) classes.push('cockpit-planning-bar--double');
  if (moving) classes.push('cockpit-planning-bar--moving');
  return (
    <div
      className={classes.join(' ')}
      role="button"
      tabIndex={tabStop ? 0 : -1}
      aria-label={label}
      data-order-id={order.id}
      style={{ left: `${left * 100}%`, width: `${Math.max(0, right - left) * 100}%`, transform: `translateY(${lane * LANE_PX}px)` }}
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
});

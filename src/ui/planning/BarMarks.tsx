import { EditIcon, WarningSignIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { DoubleBookingsStore } from '../../domain/stores/DoubleBookingsStore';
import { OrderChangeAuthors } from '../../domain/stores/OrderChangeAuthors';
import { actorName } from '../orders/actorName';
import { useService } from '../services/useService';

/** What a bar's marks say, in the operator's language (null: no such mark). */
export interface BarMarkTexts {
  /** Who else changed the order while the board showed it ("someone else" until the stream names them). */
  changedBy: string | null;
  /** The order's vehicle is booked twice: the list's words for it. */
  doubleBooked: string | null;
}

/**
 * What the marks of a bar say, for the row that draws it (an observer): whether its order is booked
 * twice (`DoubleBookingsStore`, the list's marks) and, when someone else changed it, who, as the
 * order's history names them (`OrderChangeAuthors`, which names them once their event arrives).
 */
export function useBarMarks(): (order: { id: string; version: number }, changed: boolean) => BarMarkTexts {
  const { t } = useTranslation();
  const doubleBookings = useService(DoubleBookingsStore);
  const authors = useService(OrderChangeAuthors);
  return (order, changed) => {
    const author = changed ? authors.of(order) : undefined;
    return {
      changedBy: changed ? (author ? t('planning.bar.changedBy', { who: actorName(t, author) }) : t('planning.bar.changedElsewhere')) : null,
      doubleBooked: doubleBookings.has(order.id) ? t('doubleBooking.marker') : null,
    };
  };
}

/**
 * A bar's marks, drawn before its number so that a narrow bar keeps them: a warning sign for a
 * double booking and a pencil for someone else's change, each with its text as a tooltip, and
 * who changed it after the customer while the bar is wide enough. The bar's accessible name says
 * the same (`barLabel`), so the marks are hidden from assistive technology.
 */
export function BarMarks({ marks }: { marks: BarMarkTexts }) {
  return (
    <>
      {marks.doubleBooked && (
        <span className="cockpit-planning-mark cockpit-planning-mark--double" title={marks.doubleBooked} aria-hidden="true">
          <WarningSignIcon size={12} />
        </span>
      )}
      {marks.changedBy && (
        <span className="cockpit-planning-mark cockpit-planning-mark--changed" title={marks.changedBy} aria-hidden="true">
          <EditIcon size={12} />
        </span>
      )}
    </>
  );
}

/** Who changed the bar's order, after its customer (cut off with the rest of a narrow bar's text; its visible text is part of the bar's name). */
export function BarAuthor({ marks }: { marks: BarMarkTexts }) {
  return marks.changedBy ? (
    <>
      {' '}
      <span className="cockpit-planning-bar-author" aria-hidden="true">
        {marks.changedBy}
      </span>
    </>
  ) : null;
}

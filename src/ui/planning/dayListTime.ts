import type { Language } from '../../../shared/Language';
import type { Order } from '../../../shared/Order';
import type { LocalDate } from '../../domain/model/LocalDate';
import { formatDateTimeIn, formatLocalDate } from '../format/dates';

/**
 * An order's times in the phone's list of `day`, in the language's format: the hours alone where
 * they fall on that day (`08:00 – 09:30`), with the date where the order begins or ends on another
 * (`20.11.2026 22:00 – 02:00`).
 */
export function dayListTime(order: Pick<Order, 'begin' | 'end'>, day: LocalDate, language: Language): string {
  const date = formatLocalDate(day, language);
  const onDay = (instant: string) => {
    const text = formatDateTimeIn(instant, language);
    const [textDate, time] = text.split(' ');
    return textDate === date && time ? time : text;
  };
  return `${onDay(order.begin)} – ${onDay(order.end)}`;
}

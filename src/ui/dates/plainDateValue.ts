import type { DateInput3Props } from '@blueprintjs/datetime2';
import dayjs from 'dayjs';

/** The date a field's value (`YYYY-MM-DDTHH:mm:ss`, local time) stands for, or null. */
export function dateOfValue(value: string): Date | null {
  const date = dayjs(value);
  return date.isValid() ? date.toDate() : null;
}

/** Whether `date`'s day lies from `min`'s day to `max`'s day (times of day do not count), as Blueprint's date input decides. */
export function isDayWithin(date: Date, min: Date | undefined, max: Date | undefined): boolean {
  const day = dayjs(date).startOf('day');
  return (!min || !day.isBefore(dayjs(min).startOf('day'))) && (!max || !day.isAfter(dayjs(max).startOf('day')));
}

const ISO_FORMATS: Record<NonNullable<DateInput3Props['timePrecision']> | 'day', string> = {
  day: 'YYYY-MM-DD',
  minute: 'YYYY-MM-DDTHH:mmZ',
  second: 'YYYY-MM-DDTHH:mm:ssZ',
  millisecond: 'YYYY-MM-DDTHH:mm:ss.SSSZ',
};

/** `date` as Blueprint's date input hands it to `onChange`: the day, or the local time with its offset to the precision shown. */
export function isoOfDate(date: Date, precision: DateInput3Props['timePrecision']): string {
  return dayjs(date).format(ISO_FORMATS[precision ?? 'day']);
}

import type { Language } from '../../shared/Language';
import type { OrderStatus } from '../../shared/OrderStatus';
import type { OrderRecord } from './orderView';

/**
 * The CSV export of orders (`;`-separated, German number format): UTF-8 with a byte order
 * mark (so that spreadsheet programs read it as UTF-8), CRLF line ends, a header row in the
 * language of the request, fields quoted as RFC 4180 asks when they hold `;`, `"`, CR or LF.
 * A cell that a spreadsheet would take for a formula (starting with `=`, `+`, `-`, `@`, tab or CR)
 * gets a leading `'` (OWASP: CSV injection). Dates as `DD.MM.YYYY HH:mm` in the asked time zone.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';

const HEADERS: Record<Language, readonly string[]> = {
  en: ['Number', 'Status', 'Begin', 'End', 'Station', 'Service', 'Customer', 'Email', 'Phone', 'Licence plate', 'Make', 'Model', 'Price', 'Currency', 'Notes'],
  de: ['Nummer', 'Status', 'Beginn', 'Ende', 'Station', 'Leistung', 'Kunde', 'E-Mail', 'Telefon', 'Kennzeichen', 'Marke', 'Modell', 'Preis', 'Währung', 'Notizen'],
};

/** The names of the states as the console shows them (src/ui/locales). */
const STATUS_NAMES: Record<Language, Record<OrderStatus, string>> = {
  en: { new: 'New', confirmed: 'Confirmed', in_progress: 'In progress', completed: 'Completed', cancelled: 'Cancelled' },
  de: { new: 'Neu', confirmed: 'Bestätigt', in_progress: 'In Arbeit', completed: 'Abgeschlossen', cancelled: 'Storniert' },
};

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/** One cell: neutralised when it would start a formula, quoted when it holds a separator, quote or line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Minor units in German notation: 123456 → `1.234,56` (in both languages). */
export function germanAmount(minorUnits: number): string {
  const negative = minorUnits < 0;
  const cents = Math.abs(Math.trunc(minorUnits));
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${whole},${String(cents % 100).padStart(2, '0')}`;
}

/** Formats instants as `DD.MM.YYYY HH:mm` in one time zone. */
export class CsvDateFormat {
  private readonly formatter: Intl.DateTimeFormat;

  constructor(timeZone: string) {
    this.formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  }

  /** `2026-06-15T08:30:00.000Z` in Europe/Berlin → `15.06.2026 10:30`. */
  dateTime(iso: string): string {
    const parts: Record<string, string> = {};
    for (const part of this.formatter.formatToParts(new Date(iso))) {
      parts[part.type] = part.value;
    }
    return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
  }

  /** The calendar date of `instant` in the zone: `YYYY-MM-DD` (for the file name). */
  isoDate(instant: Date): string {
    const parts: Record<string, string> = {};
    for (const part of this.formatter.formatToParts(instant)) {
      parts[part.type] = part.value;
    }
    return `${parts.year}-${parts.month}-${parts.day}`;
  }
}

/** The header row, with its line end. */
export function csvHeader(locale: Language): string {
  return HEADERS[locale].map(csvCell).join(CSV_SEPARATOR) + CSV_LINE_END;
}

/** One order as a row, with its line end. */
export function csvRow(record: OrderRecord, locale: Language, dates: CsvDateFormat): string {
  return (
    [
      record.number,
      STATUS_NAMES[locale][record.status],
      dates.dateTime(record.begin_at),
      dates.dateTime(record.end_at),
      record.station,
      record.service,
      record.customer_name,
      record.customer_email,
      record.customer_phone,
      record.vehicle_plate,
      record.vehicle_make,
      record.vehicle_model,
      germanAmount(Number(record.price_amount)),
      record.price_currency,
      record.notes,
    ]
      .map(csvCell)
      .join(CSV_SEPARATOR) + CSV_LINE_END
  );
}

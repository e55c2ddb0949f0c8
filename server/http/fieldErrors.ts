import { MIN_TEXT_CONTRAST } from '../../shared/colorContrast';
import type { Language } from '../../shared/Language';
import type { FieldError } from '../../shared/Problem';
import { FIRST_VIEW_DAY, LAST_VIEW_DAY } from '../../shared/savedViewRules';

/** A decimal number as German writes it (`3,1`). */
const german = (number: string) => number.replace('.', ',');

/** What can be wrong with one field, and how it is said in each language. */
const MESSAGES = {
  required: { en: () => 'is required', de: () => 'ist erforderlich' },
  unknown: { en: () => 'is not a known field', de: () => 'ist kein bekanntes Feld' },
  type: { en: (p: string) => `must be of type ${p}`, de: (p: string) => `muss vom Typ ${p} sein` },
  enum: { en: (p: string) => `must be one of: ${p}`, de: (p: string) => `muss einer dieser Werte sein: ${p}` },
  minimum: { en: (p: string) => `must be at least ${p}`, de: (p: string) => `muss mindestens ${p} sein` },
  maximum: { en: (p: string) => `must be at most ${p}`, de: (p: string) => `darf höchstens ${p} sein` },
  minLength: { en: (p: string) => `must have at least ${p} characters`, de: (p: string) => `muss mindestens ${p} Zeichen haben` },
  maxLength: { en: (p: string) => `must have at most ${p} characters`, de: (p: string) => `darf höchstens ${p} Zeichen haben` },
  timestamp: {
    en: () => 'must be an RFC 3339 timestamp with offset between the years 2000 and 2100, e.g. 2026-01-31T08:00:00Z',
    de: () => 'muss ein RFC-3339-Zeitpunkt mit Zeitzone zwischen den Jahren 2000 und 2100 sein, z. B. 2026-01-31T08:00:00Z',
  },
  text: {
    en: () => 'must not contain control characters',
    de: () => 'darf keine Steuerzeichen enthalten',
  },
  multilineText: {
    en: () => 'must not contain control characters other than line breaks and tabs',
    de: () => 'darf außer Zeilenumbrüchen und Tabulatoren keine Steuerzeichen enthalten',
  },
  rangeTooLong: {
    en: (p: string) => `must be at most ${p} days after begin`,
    de: (p: string) => `darf höchstens ${p} Tage nach begin liegen`,
  },
  email: { en: () => 'must be an email address', de: () => 'muss eine E-Mail-Adresse sein' },
  url: { en: () => 'must be a URL', de: () => 'muss eine URL sein' },
  colour: {
    en: () => 'must be a colour of the form #rgb, #rrggbb, rgb() or hsl()',
    de: () => 'muss eine Farbe der Form #rgb, #rrggbb, rgb() oder hsl() sein',
  },
  contrastLight: {
    en: (p: string) => `text on this colour reaches only ${p}:1 in the light theme; at least ${MIN_TEXT_CONTRAST}:1 is needed`,
    de: (p: string) => `Text auf dieser Farbe erreicht im hellen Design nur ${german(p)}:1; mindestens ${german(String(MIN_TEXT_CONTRAST))}:1 sind nötig`,
  },
  contrastBoth: {
    en: (p: string) => `text on this colour reaches only ${p}:1 in the light and the dark theme; at least ${MIN_TEXT_CONTRAST}:1 is needed`,
    de: (p: string) => `Text auf dieser Farbe erreicht im hellen und im dunklen Design nur ${german(p)}:1; mindestens ${german(String(MIN_TEXT_CONTRAST))}:1 sind nötig`,
  },
  contrastDark: {
    en: (p: string) => `text on this colour reaches only ${p}:1 in the dark theme; at least ${MIN_TEXT_CONTRAST}:1 is needed`,
    de: (p: string) => `Text auf dieser Farbe erreicht im dunklen Design nur ${german(p)}:1; mindestens ${german(String(MIN_TEXT_CONTRAST))}:1 sind nötig`,
  },
  cursor: {
    en: () => 'is not a valid cursor for this query and sort',
    de: () => 'ist kein gültiger Cursor für diese Abfrage und Sortierung',
  },
  notAfterEnd: { en: () => 'must not be after end', de: () => 'darf nicht nach end liegen' },
  notBeforeBegin: { en: () => 'must not be before begin', de: () => 'darf nicht vor begin liegen' },
  tooLongBeforeEnd: {
    en: (p: string) => `must be at most ${p} days before end: an order lasts at most ${p} days`,
    de: (p: string) => `darf höchstens ${p} Tage vor end liegen: ein Auftrag dauert höchstens ${p} Tage`,
  },
  tooLongAfterBegin: {
    en: (p: string) => `must be at most ${p} days after begin: an order lasts at most ${p} days`,
    de: (p: string) => `darf höchstens ${p} Tage nach begin liegen: ein Auftrag dauert höchstens ${p} Tage`,
  },
  blank: { en: () => 'must not be empty', de: () => 'darf nicht leer sein' },
  doubleBooked: {
    en: (p: string) => `is booked by order ${p} at an overlapping time`,
    de: (p: string) => `ist von Auftrag ${p} zu einer überschneidenden Zeit gebucht`,
  },
  timeZone: {
    en: () => 'must be an IANA time zone, e.g. Europe/Berlin',
    de: () => 'muss eine IANA-Zeitzone sein, z. B. Europe/Berlin',
  },
  entityTag: {
    en: () => 'must be the version of the order in quotes, e.g. "3"',
    de: () => 'muss die Version des Auftrags in Anführungszeichen sein, z. B. "3"',
  },
  invalid: { en: () => 'is invalid', de: () => 'ist ungültig' },
  wrongPassword: { en: () => 'is not your current password', de: () => 'ist nicht Ihr aktuelles Passwort' },
  commonPassword: {
    en: () => 'is one of the most common passwords; choose another',
    de: () => 'gehört zu den häufigsten Passwörtern; wählen Sie ein anderes',
  },
  passwordIsEmail: { en: () => 'must not be your e-mail address', de: () => 'darf nicht Ihre E-Mail-Adresse sein' },
  phone: {
    en: () => 'must be a telephone number: digits with spaces, +, /, - or brackets, at least five digits',
    de: () => 'muss eine Telefonnummer sein: Ziffern mit Leerzeichen, +, /, - oder Klammern, mindestens fünf Ziffern',
  },
  vin: {
    en: () => 'must be a vehicle identification number: 17 letters and digits without I, O and Q',
    de: () => 'muss eine Fahrzeug-Identifizierungsnummer sein: 17 Buchstaben und Ziffern ohne I, O und Q',
  },
  amount: {
    en: (p: string) => `must be a whole number of cents from 0 to ${p}`,
    de: (p: string) => `muss eine ganze Zahl von Cent zwischen 0 und ${p} sein`,
  },
  idempotencyKey: {
    en: () => 'must be 1 to 255 visible ASCII characters, e.g. a UUID',
    de: () => 'muss aus 1 bis 255 sichtbaren ASCII-Zeichen bestehen, z. B. eine UUID',
  },
  idempotencyKeyReused: {
    en: () => 'was used within the last 24 hours for another order; use a new key for a new order',
    de: () => 'wurde in den letzten 24 Stunden für einen anderen Auftrag verwendet; verwenden Sie für einen neuen Auftrag einen neuen Schlüssel',
  },
  distinctOrders: { en: () => 'must name each order once', de: () => 'muss jeden Auftrag einmal nennen' },
  changedElsewhere: {
    en: () => 'the order was changed by someone else since you saw it',
    de: () => 'der Auftrag wurde seitdem von jemand anderem geändert',
  },
  orderGone: { en: () => 'there is no such order (any more)', de: () => 'diesen Auftrag gibt es nicht (mehr)' },
  notRequired: {
    en: () => 'is taken only when your password must be changed; change it under Settings',
    de: () => 'wird nur angenommen, wenn Ihr Passwort geändert werden muss; ändern Sie es unter Einstellungen',
  },
  selfDemotion: { en: () => 'cannot remove your own admin role', de: () => 'Ihre eigene Administratorrolle können Sie nicht entfernen' },
  selfDeactivation: { en: () => 'cannot deactivate yourself', de: () => 'Sie können sich nicht selbst deaktivieren' },
  lastAdmin: {
    en: () => 'would leave the company without an active admin; make another user admin first',
    de: () => 'ließe das Unternehmen ohne aktiven Administrator; machen Sie zuerst einen anderen Benutzer zum Administrator',
  },
  // Says neither whether nor where the address is used: an admin must not learn another company's users by it.
  emailUnavailable: {
    en: () => 'cannot be given to a new user; choose another address',
    de: () => 'kann keinem neuen Benutzer gegeben werden; wählen Sie eine andere Adresse',
  },
  samePassword: { en: () => 'must differ from your current password', de: () => 'muss sich von Ihrem aktuellen Passwort unterscheiden' },
  maxItems: { en: (p: string) => `must have at most ${p} entries`, de: (p: string) => `darf höchstens ${p} Einträge haben` },
  distinct: { en: () => 'must name each value once', de: () => 'muss jeden Wert einmal nennen' },
  viewRange: {
    en: () => 'must be either a preset or begin and end',
    de: () => 'muss entweder ein preset oder begin und end sein',
  },
  day: {
    en: () => `must be a day of the form YYYY-MM-DD from ${FIRST_VIEW_DAY} to ${LAST_VIEW_DAY}`,
    de: () => `muss ein Tag der Form JJJJ-MM-TT von ${FIRST_VIEW_DAY} bis ${LAST_VIEW_DAY} sein`,
  },
  columns: {
    en: (p: string) => `must name at least one column, each once, of: ${p}`,
    de: (p: string) => `muss mindestens eine Spalte nennen, jede einmal, aus: ${p}`,
  },
  viewNameTaken: { en: () => 'you already have a view of this name', de: () => 'Sie haben bereits eine Ansicht dieses Namens' },
  viewLimit: {
    en: (p: string) => `you have ${p} views already, the most one can keep; delete one first`,
    de: (p: string) => `Sie haben bereits ${p} Ansichten, mehr lassen sich nicht speichern; löschen Sie zuerst eine`,
  },
} satisfies Record<string, Record<Language, (param: string) => string>>;

export type FieldMessage = keyof typeof MESSAGES;

/** One localized field error. */
export function fieldError(field: string, message: FieldMessage, locale: Language, param = ''): FieldError {
  return { field, message: MESSAGES[message][locale](param) };
}

/**
 * The field error of a refused status change: `cannot change from new to completed; allowed: confirmed, cancelled`.
 * `allowed` lists the states the order may move to now (none for a final state).
 */
export function transitionError(from: string, to: string, allowed: readonly string[], locale: Language): FieldError {
  const list = allowed.join(', ');
  return {
    field: 'status',
    message:
      locale === 'de'
        ? `Wechsel von ${from} zu ${to} nicht möglich; erlaubt: ${list || 'keiner'}`
        : `cannot change from ${from} to ${to}; allowed: ${list || 'none'}`,
  };
}

/** One validation failure as Ajv reports it through Fastify. */
export interface AjvFailure {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** `/theme/color1` → `theme.color1`, `/status/1` → `status[1]`. */
function fieldName(instancePath: string, child?: unknown): string {
  const segments = instancePath.split('/').slice(1);
  if (typeof child === 'string' && child !== '') {
    segments.push(child);
  }
  return segments.reduce((name, segment) => {
    const decoded = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(decoded)) {
      return `${name}[${decoded}]`;
    }
    return name === '' ? decoded : `${name}.${decoded}`;
  }, '');
}

function list(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join(', ') : String(value);
}

/**
 * Fastify's schema validation failures as `errors` of a 400 problem, in the language of the request.
 * A failure of the whole body or query names the part (`body`, `querystring`).
 */
export function validationFieldErrors(failures: readonly AjvFailure[], locale: Language, part = 'body'): FieldError[] {
  return failures.map((failure) => {
    const error = describeFailure(failure, locale);
    return error.field === '' ? { ...error, field: part } : error;
  });
}

/** The message of a value that is not of its schema's `format`. */
const FORMAT_MESSAGES: Partial<Record<string, FieldMessage>> = {
  'date-time': 'timestamp',
  email: 'email',
  uri: 'url',
  text: 'text',
  'multiline-text': 'multilineText',
};

function describeFailure(failure: AjvFailure, locale: Language): FieldError {
  const { keyword, instancePath, params } = failure;
  switch (keyword) {
    case 'required':
      return fieldError(fieldName(instancePath, params.missingProperty), 'required', locale);
    case 'additionalProperties':
      return fieldError(fieldName(instancePath, params.additionalProperty), 'unknown', locale);
    case 'type':
      return fieldError(fieldName(instancePath), 'type', locale, list(params.type));
    case 'enum':
      return fieldError(fieldName(instancePath), 'enum', locale, list(params.allowedValues));
    case 'minimum':
    case 'maximum':
    case 'minLength':
    case 'maxLength':
      return fieldError(fieldName(instancePath), keyword, locale, String(params.limit));
    case 'format':
      return fieldError(fieldName(instancePath), FORMAT_MESSAGES[String(params.format)] ?? 'invalid', locale);
    default:
      return fieldError(fieldName(instancePath), 'invalid', locale);
  }
}

import type { Language } from '../../shared/Language';

/** The kinds of problem the API answers with; each names its `type` URI and HTTP status. */
export type ProblemKind =
  | 'bad-request'
  | 'validation'
  | 'malformed-json'
  | 'unauthorized'
  | 'wrong-credentials'
  | 'forbidden'
  | 'account-inactive'
  | 'password-change-required'
  | 'user-not-found'
  | 'not-found'
  | 'order-not-found'
  | 'view-not-found'
  | 'view-name-taken'
  | 'double-booking'
  | 'precondition-failed'
  | 'precondition-required'
  | 'payload-too-large'
  | 'request-head-too-large'
  | 'request-timeout'
  | 'unsupported-media-type'
  | 'invalid-value'
  | 'too-many-attempts'
  | 'sign-in-busy'
  | 'internal'
  | 'not-ready'
  | 'console-not-built'
  | 'unsupported-telemetry-type'
  | 'malformed-telemetry'
  | 'too-many-telemetry-requests'
  | 'collector-unavailable';

export interface ProblemParams {
  path?: string;
  retryAfterSeconds?: number;
  limitBytes?: number;
  /** The other order of a double booking: its number, begin and end (instants). */
  booking?: { number: string; begin: string; end: string };
}

type Text = (params: ProblemParams) => string;

interface ProblemText {
  status: number;
  title: Record<Language, string>;
  detail: Record<Language, Text>;
}

const mebibytes = (bytes: number | undefined) => `${((bytes ?? 0) / 1_048_576).toLocaleString('en')} MiB`;
const kibibytes = (bytes: number | undefined) => `${((bytes ?? 0) / 1024).toLocaleString('en')} KiB`;
const kibibytesDe = (bytes: number | undefined) => `${((bytes ?? 0) / 1024).toLocaleString('de')} KiB`;
const mebibytesDe = (bytes: number | undefined) => `${((bytes ?? 0) / 1_048_576).toLocaleString('de')} MiB`;

export const PROBLEM_TEXTS: Record<ProblemKind, ProblemText> = {
  'bad-request': {
    status: 400,
    title: { en: 'Bad request', de: 'Fehlerhafte Anfrage' },
    detail: { en: () => 'The request cannot be processed.', de: () => 'Die Anfrage kann nicht verarbeitet werden.' },
  },
  validation: {
    status: 400,
    title: { en: 'Invalid request', de: 'Ungültige Anfrage' },
    detail: {
      en: () => 'Some parts of the request are invalid; see errors.',
      de: () => 'Einige Angaben der Anfrage sind ungültig, siehe errors.',
    },
  },
  'malformed-json': {
    status: 400,
    title: { en: 'Malformed JSON', de: 'Fehlerhaftes JSON' },
    detail: { en: () => 'The request body is not valid JSON.', de: () => 'Der Inhalt der Anfrage ist kein gültiges JSON.' },
  },
  unauthorized: {
    status: 401,
    title: { en: 'Not signed in', de: 'Nicht angemeldet' },
    detail: {
      en: () => 'The access token is missing, invalid, expired or revoked. Please sign in.',
      de: () => 'Das Zugriffstoken fehlt, ist ungültig, abgelaufen oder widerrufen. Bitte melden Sie sich an.',
    },
  },
  'wrong-credentials': {
    status: 401,
    title: { en: 'Sign-in failed', de: 'Anmeldung fehlgeschlagen' },
    detail: { en: () => 'Wrong email or password.', de: () => 'E-Mail oder Passwort ist falsch.' },
  },
  forbidden: {
    status: 403,
    title: { en: 'Not allowed', de: 'Nicht erlaubt' },
    detail: {
      en: () => 'Your role does not allow this; nothing was changed.',
      de: () => 'Ihre Rolle erlaubt das nicht; es wurde nichts geändert.',
    },
  },
  'account-inactive': {
    status: 403,
    title: { en: 'Account deactivated', de: 'Konto deaktiviert' },
    detail: {
      en: () => 'This account has been deactivated. Ask an admin of your company.',
      de: () => 'Dieses Konto wurde deaktiviert. Wenden Sie sich an einen Administrator Ihres Unternehmens.',
    },
  },
  'password-change-required': {
    status: 403,
    title: { en: 'New password required', de: 'Neues Passwort erforderlich' },
    detail: {
      en: () => 'You signed in with a one-time password; choose your own password (newPassword) to continue.',
      de: () => 'Sie haben sich mit einem Einmalpasswort angemeldet; wählen Sie ein eigenes Passwort (newPassword), um fortzufahren.',
    },
  },
  'user-not-found': {
    status: 404,
    title: { en: 'User not found', de: 'Benutzer nicht gefunden' },
    detail: {
      en: () => 'Your company has no such user.',
      de: () => 'Ihr Unternehmen hat keinen solchen Benutzer.',
    },
  },
  'not-found': {
    status: 404,
    title: { en: 'Not found', de: 'Nicht gefunden' },
    detail: {
      en: ({ path }) => `There is nothing at ${path ?? 'this address'}.`,
      de: ({ path }) => `Unter ${path ?? 'dieser Adresse'} gibt es nichts.`,
    },
  },
  'order-not-found': {
    status: 404,
    title: { en: 'Order not found', de: 'Auftrag nicht gefunden' },
    detail: {
      en: () => 'There is no order with this id.',
      de: () => 'Es gibt keinen Auftrag mit dieser Kennung.',
    },
  },
  'view-not-found': {
    status: 404,
    title: { en: 'View not found', de: 'Ansicht nicht gefunden' },
    detail: {
      en: () => 'You have no view with this id.',
      de: () => 'Sie haben keine Ansicht mit dieser Kennung.',
    },
  },
  'view-name-taken': {
    status: 409,
    title: { en: 'Name taken', de: 'Name vergeben' },
    detail: {
      en: () => 'You already have a view of this name; nothing was changed. See errors.',
      de: () => 'Sie haben bereits eine Ansicht dieses Namens; es wurde nichts geändert. Siehe errors.',
    },
  },
  'double-booking': {
    status: 409,
    title: { en: 'Vehicle already booked', de: 'Fahrzeug bereits gebucht' },
    detail: {
      en: ({ booking }) =>
        `The vehicle is booked by order ${booking?.number ?? ''} from ${booking?.begin ?? ''} to ${booking?.end ?? ''}; nothing was changed. Send confirmDoubleBooking: true to save anyway.`,
      de: ({ booking }) =>
        `Das Fahrzeug ist von Auftrag ${booking?.number ?? ''} von ${booking?.begin ?? ''} bis ${booking?.end ?? ''} gebucht; es wurde nichts geändert. Mit confirmDoubleBooking: true wird trotzdem gespeichert.`,
    },
  },
  'precondition-failed': {
    status: 412,
    title: { en: 'Changed in the meantime', de: 'Zwischenzeitlich geändert' },
    detail: {
      en: () => 'Someone changed the order since you loaded it; nothing was changed. The order as it is now is in current.',
      de: () => 'Der Auftrag wurde geändert, seit Sie ihn geladen haben; es wurde nichts geändert. Der aktuelle Stand steht in current.',
    },
  },
  'precondition-required': {
    status: 428,
    title: { en: 'Version required', de: 'Version erforderlich' },
    detail: {
      en: () => 'Send If-Match with the version of the order you are changing, e.g. If-Match: "3".',
      de: () => 'Bitte If-Match mit der Version des Auftrags senden, den Sie ändern, z. B. If-Match: "3".',
    },
  },
  'request-head-too-large': {
    status: 431,
    title: { en: 'Request head too large', de: 'Anfragekopf zu groß' },
    detail: {
      en: ({ limitBytes }) => `The request line and headers exceed the limit of ${kibibytes(limitBytes)}.`,
      de: ({ limitBytes }) => `Anfragezeile und Kopfzeilen überschreiten die Grenze von ${kibibytesDe(limitBytes)}.`,
    },
  },
  'request-timeout': {
    status: 408,
    title: { en: 'Request timeout', de: 'Zeitüberschreitung der Anfrage' },
    detail: { en: () => 'The request did not arrive in time.', de: () => 'Die Anfrage ist nicht rechtzeitig eingetroffen.' },
  },
  'payload-too-large': {
    status: 413,
    title: { en: 'Request too large', de: 'Anfrage zu groß' },
    detail: {
      en: ({ limitBytes }) => `The request body exceeds the limit of ${mebibytes(limitBytes)}.`,
      de: ({ limitBytes }) => `Der Inhalt der Anfrage überschreitet die Grenze von ${mebibytesDe(limitBytes)}.`,
    },
  },
  'unsupported-media-type': {
    status: 415,
    title: { en: 'Unsupported content type', de: 'Nicht unterstützter Inhaltstyp' },
    detail: {
      en: () => 'Send the request body as application/json.',
      de: () => 'Bitte den Inhalt der Anfrage als application/json senden.',
    },
  },
  'invalid-value': {
    status: 422,
    title: { en: 'Invalid value', de: 'Ungültiger Wert' },
    detail: {
      en: () => 'Some values cannot be accepted; nothing was changed. See errors.',
      de: () => 'Einige Werte sind nicht zulässig; es wurde nichts geändert. Siehe errors.',
    },
  },
  'too-many-attempts': {
    status: 429,
    title: { en: 'Too many sign-in attempts', de: 'Zu viele Anmeldeversuche' },
    detail: {
      en: ({ retryAfterSeconds }) => `Too many failed sign-in attempts. Try again in ${retryAfterSeconds ?? 60} seconds.`,
      de: ({ retryAfterSeconds }) =>
        `Zu viele fehlgeschlagene Anmeldeversuche. Bitte in ${retryAfterSeconds ?? 60} Sekunden erneut versuchen.`,
    },
  },
  'sign-in-busy': {
    status: 503,
    title: { en: 'Sign-in busy', de: 'Anmeldung ausgelastet' },
    detail: {
      en: () => 'Too many sign-ins are being checked right now. Please try again in a moment.',
      de: () => 'Gerade werden zu viele Anmeldungen geprüft. Bitte gleich noch einmal versuchen.',
    },
  },
  internal: {
    status: 500,
    title: { en: 'Internal error', de: 'Interner Fehler' },
    detail: {
      en: () => 'Something went wrong on the server. Please try again later.',
      de: () => 'Auf dem Server ist ein Fehler aufgetreten. Bitte später erneut versuchen.',
    },
  },
  'unsupported-telemetry-type': {
    status: 415,
    title: { en: 'Unsupported content type', de: 'Nicht unterstützter Inhaltstyp' },
    detail: {
      en: () => 'Send telemetry as OTLP/HTTP with application/x-protobuf or application/json.',
      de: () => 'Bitte Telemetrie als OTLP/HTTP mit application/x-protobuf oder application/json senden.',
    },
  },
  'malformed-telemetry': {
    status: 400,
    title: { en: 'Undecodable telemetry', de: 'Nicht lesbare Telemetrie' },
    detail: {
      en: () => 'The request body is not a valid OTLP export request of its content type.',
      de: () => 'Der Inhalt der Anfrage ist keine gültige OTLP-Exportanfrage seines Inhaltstyps.',
    },
  },
  'too-many-telemetry-requests': {
    status: 429,
    title: { en: 'Too many telemetry requests', de: 'Zu viele Telemetrie-Anfragen' },
    detail: {
      en: ({ retryAfterSeconds }) => `Too much telemetry at once. Try again in ${retryAfterSeconds ?? 1} seconds.`,
      de: ({ retryAfterSeconds }) => `Zu viel Telemetrie auf einmal. Bitte in ${retryAfterSeconds ?? 1} Sekunden erneut versuchen.`,
    },
  },
  'collector-unavailable': {
    status: 502,
    title: { en: 'Collector unavailable', de: 'Collector nicht erreichbar' },
    detail: {
      en: () => 'The telemetry could not be passed on to the OpenTelemetry Collector. Please try again later.',
      de: () => 'Die Telemetrie konnte nicht an den OpenTelemetry Collector weitergegeben werden. Bitte später erneut versuchen.',
    },
  },
  'not-ready': {
    status: 503,
    title: { en: 'Not ready', de: 'Nicht bereit' },
    detail: { en: () => 'The database does not answer.', de: () => 'Die Datenbank antwortet nicht.' },
  },
  'console-not-built': {
    status: 503,
    title: { en: 'Console not built', de: 'Konsole nicht gebaut' },
    detail: {
      en: () => 'The console has not been built yet. Run `npm run build`, then reload this page.',
      de: () => 'Die Konsole ist noch nicht gebaut. Bitte `npm run build` ausführen und die Seite neu laden.',
    },
  },
};

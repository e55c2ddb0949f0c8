import { SeverityNumber, type Logger } from '@opentelemetry/api-logs';
import { consoleText } from './consoleText';

/** How each console method is reported: log and debug as Debug, info as Information, warn as Warning, error as Error. */
export const CONSOLE_SEVERITIES = {
  log: { number: SeverityNumber.DEBUG, text: 'Debug' },
  debug: { number: SeverityNumber.DEBUG, text: 'Debug' },
  info: { number: SeverityNumber.INFO, text: 'Information' },
  warn: { number: SeverityNumber.WARN, text: 'Warning' },
  error: { number: SeverityNumber.ERROR, text: 'Error' },
} as const;

export type ConsoleMethod = keyof typeof CONSOLE_SEVERITIES;

export interface MirroredConsole {
  /** The console's own methods, printing without a log record. */
  original: Record<ConsoleMethod, (...args: unknown[]) => void>;
  /** Puts the console's own methods back. */
  restore(): void;
}

/**
 * Mirrors console output to the log exporter (production builds): each of log, debug, info,
 * warn and error still prints and also emits a log record with its severity.
 */
export function mirrorConsole(target: Console, logger: Logger): MirroredConsole {
  const methods = Object.keys(CONSOLE_SEVERITIES) as ConsoleMethod[];
  const own = Object.fromEntries(methods.map((method) => [method, target[method]])) as Pick<Console, ConsoleMethod>;
  const original = Object.fromEntries(
    methods.map((method) => [method, (...args: unknown[]) => own[method].apply(target, args)]),
  ) as MirroredConsole['original'];
  const mirrors = new Map<ConsoleMethod, (...args: unknown[]) => void>();
  // Output made while a record is being emitted (by whatever the logger calls) only prints, or it would loop.
  let emitting = false;
  for (const method of methods) {
    const severity = CONSOLE_SEVERITIES[method];
    const mirror = (...args: unknown[]) => {
      original[method](...args);
      if (emitting) {
        return;
      }
      emitting = true;
      try {
        logger.emit({ severityNumber: severity.number, severityText: severity.text, body: consoleText(args) });
      } catch {
        // A console call never fails because of telemetry.
      } finally {
        emitting = false;
      }
    };
    mirrors.set(method, mirror);
    target[method] = mirror;
  }
  return {
    original,
    restore() {
      for (const [method, mirror] of mirrors) {
        // Someone else may have wrapped the console since: leave theirs in place.
        if (target[method] === mirror) {
          target[method] = own[method];
        }
      }
    },
  };
}

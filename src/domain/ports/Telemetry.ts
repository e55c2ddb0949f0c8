/** Where the console reports what operators experience (traces, logs, errors). */
export interface Telemetry {
  /**
   * Records an error that was not handled where it happened (an exception on a span and an
   * error log record where there is telemetry) and prints it to the console. Never throws.
   * `attributes` say where it was caught, e.g. `{ 'error.source': 'route' }`.
   */
  recordError(error: unknown, attributes?: Record<string, string>): void;
  /** Sends whatever is pending; resolves even when sending fails. */
  flush(): Promise<void>;
}

export const Telemetry = Symbol('Telemetry');

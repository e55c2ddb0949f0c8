/** Where the console reports what operators experience (traces, logs, errors). */
export interface Telemetry {
  recordError(error: unknown, context?: Record<string, string>): void;
  flush(): Promise<void>;
}

export const Telemetry = Symbol('Telemetry');

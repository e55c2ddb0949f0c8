import type { Telemetry } from '../../domain/ports/Telemetry';

/** Telemetry where there is none (development builds): errors go to the browser console only. */
export class NoopTelemetry implements Telemetry {
  recordError(error: unknown): void {
    console.error(error);
  }

  async flush(): Promise<void> {}
}

import type { Telemetry } from '../../domain/ports/Telemetry';
import { MAX_ERRORS_BEFORE_LOAD } from './telemetrySettings';

/** Telemetry that can also record an error printed before it existed. */
export interface LoadedTelemetry extends Telemetry {
  capture(error: unknown, attributes?: Record<string, string>): void;
}

/**
 * The deployed console's telemetry until OpenTelemetry has loaded after the first screen (it
 * must not delay start-up). Errors before then are printed at once and kept, a bounded few, to be
 * recorded once it has loaded; from then on everything goes to the loaded telemetry.
 */
export class LazyTelemetry implements Telemetry {
  private loaded: LoadedTelemetry | undefined;
  private pending: { error: unknown; attributes?: Record<string, string> }[] = [];
  private failed = false;
  /** Errors not kept because too many came before loading. */
  dropped = 0;

  constructor(
    private readonly printError: (error: unknown) => void = (error) => console.error(error),
    private readonly maxPending = MAX_ERRORS_BEFORE_LOAD,
  ) {}

  recordError(error: unknown, attributes?: Record<string, string>): void {
    if (this.loaded) {
      this.loaded.recordError(error, attributes);
      return;
    }
    this.printError(error);
    if (this.failed) {
      return;
    }
    if (this.pending.length < this.maxPending) {
      this.pending.push({ error, attributes });
    } else {
      this.dropped += 1;
    }
  }

  flush(): Promise<void> {
    return this.loaded ? this.loaded.flush() : Promise.resolve();
  }

  /**
   * Loads the real telemetry and hands over to it. A load that fails (chunk unreachable, say) is
   * printed and leaves the console printing errors as before; it never rejects.
   */
  async load(start: () => Promise<LoadedTelemetry>): Promise<void> {
    try {
      const loaded = await start();
      for (const { error, attributes } of this.pending) {
        loaded.capture(error, attributes);
      }
      this.loaded = loaded;
    } catch (error) {
      this.failed = true;
      this.printError(error);
    } finally {
      this.pending = [];
    }
  }
}

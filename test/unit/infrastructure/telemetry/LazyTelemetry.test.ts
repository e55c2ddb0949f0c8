import { LazyTelemetry, type LoadedTelemetry } from '../../../../src/infrastructure/telemetry/LazyTelemetry';

/** Telemetry that records what it is told, as the loaded OpenTelemetry would. */
class RecordingTelemetry implements LoadedTelemetry {
  readonly recorded: unknown[] = [];
  readonly captured: unknown[] = [];
  flushes = 0;
  recordError(error: unknown): void {
    this.recorded.push(error);
  }
  capture(error: unknown): void {
    this.captured.push(error);
  }
  async flush(): Promise<void> {
    this.flushes += 1;
  }
}

describe('LazyTelemetry', () => {
  let printed: unknown[];
  let lazy: LazyTelemetry;

  beforeEach(() => {
    printed = [];
    lazy = new LazyTelemetry((error) => printed.push(error), 3);
  });

  it('prints errors at once and records them, each once, when telemetry has loaded', async () => {
    lazy.recordError('first');
    lazy.recordError('second', { 'error.source': 'window.error' });
    expect(printed).toEqual(['first', 'second']);

    const loaded = new RecordingTelemetry();
    await lazy.load(async () => loaded);
    expect(loaded.captured).toEqual(['first', 'second']);
    expect(loaded.recorded).toEqual([]);
    expect(printed).toEqual(['first', 'second']);
  });

  it('hands everything over once loaded', async () => {
    const loaded = new RecordingTelemetry();
    await lazy.load(async () => loaded);
    lazy.recordError('later');
    await lazy.flush();
    expect(loaded.recorded).toEqual(['later']);
    expect(loaded.flushes).toBe(1);
    expect(printed).toEqual([]);
  });

  it('keeps a bounded number of errors before loading and counts the rest', async () => {
    for (const error of ['a', 'b', 'c', 'd', 'e']) {
      lazy.recordError(error);
    }
    expect(lazy.dropped).toBe(2);
    const loaded = new RecordingTelemetry();
    await lazy.load(async () => loaded);
    expect(loaded.captured).toEqual(['a', 'b', 'c']);
    expect(printed).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('goes on printing, and keeps nothing, when telemetry cannot load', async () => {
    lazy.recordError('before');
    const failure = new Error('Loading chunk telemetry failed');
    await expect(lazy.load(async () => Promise.reject(failure))).resolves.toBeUndefined();
    lazy.recordError('after');
    expect(printed).toEqual(['before', failure, 'after']);
    expect(lazy.dropped).toBe(0);
    await expect(lazy.flush()).resolves.toBeUndefined();
  });
});

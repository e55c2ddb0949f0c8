import { EXPORT_SUCCESS, exportFailure, type ExportResult } from './exportResult';

/** What span and log record exporters have in common. */
export interface ItemExporter<T> {
  export(items: T[], resultCallback: (result: ExportResult) => void): void;
  shutdown(): Promise<void>;
  forceFlush?(): Promise<void>;
}

/**
 * An exporter that hands on scrubbed copies of what it is given (the SDK's items cannot be changed
 * once ended), counts the items of failed exports, and never throws.
 */
export class SafeExporter<T> implements ItemExporter<T> {
  constructor(
    private readonly exporter: ItemExporter<T>,
    private readonly scrub: (item: T) => T,
    private readonly onFailed: (count: number) => void,
  ) {}

  export(items: T[], resultCallback: (result: ExportResult) => void): void {
    const done = (result: ExportResult) => {
      if (result.code !== EXPORT_SUCCESS) {
        this.onFailed(items.length);
      }
      resultCallback(result);
    };
    try {
      this.exporter.export(items.map(this.scrub), done);
    } catch (error) {
      done(exportFailure(error));
    }
  }

  shutdown(): Promise<void> {
    return this.exporter.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.exporter.forceFlush?.() ?? Promise.resolve();
  }
}

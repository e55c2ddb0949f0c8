import type { LogRecordExporter, ReadableLogRecord } from '@opentelemetry/sdk-logs';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-web';
import { EXPORT_FAILED, EXPORT_SUCCESS, type ExportResult } from '../../../../src/infrastructure/telemetry/exportResult';

type Answer = 'success' | 'failure' | 'hang' | 'throw';

/**
 * An exporter the test steers: it keeps every batch it is handed, and answers each export with
 * success, failure, a throw, or not at all until `answerPending` is called.
 */
class SteeredExporter<T> {
  readonly batches: T[][] = [];
  private pending: ((result: ExportResult) => void)[] = [];
  answer: Answer = 'success';

  get records(): T[] {
    return this.batches.flat();
  }

  export(records: T[], resultCallback: (result: ExportResult) => void): void {
    this.batches.push(records);
    if (this.answer === 'throw') {
      throw new Error('exporter broke');
    }
    if (this.answer === 'hang') {
      this.pending.push(resultCallback);
      return;
    }
    resultCallback(this.answer === 'success' ? { code: EXPORT_SUCCESS } : { code: EXPORT_FAILED, error: new Error('500 from /v1') });
  }

  /** Answers every export still waiting. */
  answerPending(result: ExportResult = { code: EXPORT_SUCCESS }): void {
    const pending = this.pending;
    this.pending = [];
    pending.forEach((callback) => callback(result));
  }

  async shutdown(): Promise<void> {}

  async forceFlush(): Promise<void> {}
}

export class SteeredSpanExporter extends SteeredExporter<ReadableSpan> implements SpanExporter {}

export class SteeredLogExporter extends SteeredExporter<ReadableLogRecord> implements LogRecordExporter {}

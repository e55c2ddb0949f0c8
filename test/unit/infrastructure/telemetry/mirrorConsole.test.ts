import type { Logger, LogRecord } from '@opentelemetry/api-logs';
import { mirrorConsole } from '../../../../src/infrastructure/telemetry/mirrorConsole';

/** A console that records what it prints. */
function printingConsole() {
  const printed: unknown[][] = [];
  const print = (...args: unknown[]) => void printed.push(args);
  return { target: { log: print, debug: print, info: print, warn: print, error: print } as unknown as Console, printed };
}

describe('mirrorConsole', () => {
  it('turns output while a record is emitted into print only, so a logger that logs does not loop', () => {
    const { target, printed } = printingConsole();
    const emitted: LogRecord[] = [];
    const logger: Logger = {
      emit(record) {
        emitted.push(record);
        target.warn('from inside the logger');
      },
      enabled: () => true,
    };
    mirrorConsole(target, logger);
    target.error('outer');
    expect(emitted.map((record) => record.body)).toEqual(['outer']);
    expect(printed).toEqual([['outer'], ['from inside the logger']]);
  });

  it('never fails a console call because the logger throws', () => {
    const { target, printed } = printingConsole();
    mirrorConsole(target, {
      emit() {
        throw new Error('logger broke');
      },
      enabled: () => true,
    });
    expect(() => target.info('still printed')).not.toThrow();
    expect(printed).toEqual([['still printed']]);
  });

  it('describes errors with their stack and objects as JSON', () => {
    const { target } = printingConsole();
    const emitted: LogRecord[] = [];
    mirrorConsole(target, { emit: (record) => void emitted.push(record), enabled: () => true });
    const error = new Error('failed');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    target.error('saving', error, { id: 7 }, cyclic, undefined);
    expect(emitted[0]?.body).toBe(`saving ${error.stack} {"id":7} [object Object] undefined`);
  });

  it('leaves a wrapper installed after it in place when restoring', () => {
    const { target } = printingConsole();
    const mirrored = mirrorConsole(target, { emit: () => undefined, enabled: () => true });
    const later = () => undefined;
    target.debug = later;
    mirrored.restore();
    expect(target.debug).toBe(later);
  });
});

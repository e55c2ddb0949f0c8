import { createNoopMeter, type Counter, type Meter, type MeterProvider } from '@opentelemetry/api';

/**
 * A meter provider for a batch processor's self-observation that counts only what the processor
 * drops because its queue is full (`otel.sdk.processor.*.processed` with `error.type`
 * `queue_full`): the SDK tells that nowhere else. Every other measurement goes nowhere.
 */
export function queueDropCounter(onDropped: (count: number) => void): MeterProvider {
  const counter: Counter = {
    add(value, attributes) {
      if (attributes?.['error.type'] === 'queue_full') {
        onDropped(value);
      }
    },
  };
  const meter: Meter = Object.assign(Object.create(createNoopMeter()) as Meter, { createCounter: () => counter });
  return { getMeter: () => meter };
}

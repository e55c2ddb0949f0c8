import { compareStructural, reaction, runInAction, toJS } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import { Emitter } from '../../domain/model/Emitter';
import type { StatePersistence } from '../../domain/ports/StatePersistence';
import { STATE_KEY, type SliceStorage } from './SlicedStorage';

export { STATE_KEY };

/** A target kept as a slice: its properties, and the reaction that writes them. */
interface KeptSlice {
  slice: string;
  properties: readonly string[];
  stop(): void;
}

/**
 * StatePersistence on MobX itself: each store's properties kept as one slice of plain values,
 * written by a reaction whenever one of them changes (and once when read back), read back in one
 * action. Given the window, it tells when another tab wrote the state key (the `storage` event
 * fires only in the other tabs of the same browser, never in the tab that wrote).
 */
export class MobxStatePersistence implements StatePersistence, Disposable {
  private readonly changedElsewhere = new Emitter<void>();
  private readonly stopListening: () => void = () => undefined;
  private readonly kept = new Map<object, KeptSlice>();

  readonly onDidChangeElsewhere = (listener: () => void): Disposable => this.changedElsewhere.event(listener);

  constructor(
    private readonly storage: SliceStorage,
    events?: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  ) {
    if (events) {
      const listener = (event: StorageEvent) => {
        if (event.key === STATE_KEY) {
          this.changedElsewhere.fire();
        }
      };
      events.addEventListener('storage', listener);
      this.stopListening = () => events.removeEventListener('storage', listener);
    }
  }

  async reread(target: object): Promise<void> {
    const kept = this.kept.get(target);
    if (kept) {
      this.readBack(target, kept.slice, kept.properties);
    }
  }

  dispose(): void {
    this.stopListening();
    this.changedElsewhere.dispose();
    for (const kept of [...this.kept.values()]) {
      kept.stop();
    }
  }

  async persist<T extends object>(target: T, slice: string, properties: readonly (keyof T & string)[]): Promise<Disposable> {
    this.kept.get(target)?.stop();
    this.readBack(target, slice, properties);
    const source = target as Record<string, unknown>;
    const writing = reaction(
      () => Object.fromEntries(properties.map((property) => [property, toJS(source[property])])),
      (values) => this.storage.setItem(slice, values),
      { fireImmediately: true, equals: compareStructural },
    );
    const kept: KeptSlice = {
      slice,
      properties,
      stop: () => {
        writing();
        if (this.kept.get(target) === kept) {
          this.kept.delete(target);
        }
      },
    };
    this.kept.set(target, kept);
    return { dispose: () => kept.stop() };
  }

  /** The slice's stored values of `properties` (those it holds), put into `target` in one action. */
  private readBack(target: object, slice: string, properties: readonly string[]): void {
    const stored = this.storage.getItem(slice);
    if (!stored) {
      return;
    }
    const writable = target as Record<string, unknown>;
    runInAction(() => {
      for (const property of properties) {
        if (property in writable && stored[property] !== undefined) {
          writable[property] = stored[property];
        }
      }
    });
  }
}

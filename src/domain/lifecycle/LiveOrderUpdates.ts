import { runInAction } from 'mobx';
import { coalesceOrderEvents } from '../model/coalesceOrderEvents';
import { DisposableCollection, type Disposable } from '../../../shared/Disposable';
import { type OrderEvent, toOrderEvent } from '../model/OrderEvent';
import type { EventStream } from '../ports/EventStream';
import type { FrameScheduler } from '../ports/FrameScheduler';
import type { Timers } from '../ports/Timers';
import type { OrdersListStore } from '../stores/OrdersListStore';

/** What follows the list's live changes beside it: the open order, the announcement of the list's changes. */
export interface LiveOrderFollower {
  /** A batch of changes, one per order, in the same action as the list's. */
  applyEvents(batch: readonly OrderEvent[]): void;
}

/**
 * Shortest time between two batches while a burst lasts: at most ten a second. Every batch makes
 * the browser lay out and paint the rows it changed; at one batch a frame a burst kept a slow
 * device's main thread mostly busy, so that its garbage collections landed inside frames as long
 * tasks (docs/benchmarks.md#measurements-behind-the-design). A change after a quiet moment is still
 * shown in the next frame.
 */
export const BURST_INTERVAL_MS = 100;

/**
 * Carries the live stream's order events to the stores that show orders. Events are queued and
 * applied in the next frame in one MobX action; while a burst lasts, the next batch waits until
 * {@link BURST_INTERVAL_MS} after the last one, so a thousand changes a second re-render the list
 * ten times a second rather than once per event or per frame. A batch hands over one change per
 * order changed ({@link coalesceOrderEvents}) to the list and to those that follow it (`follow`):
 * the orders page's open order and the announcer that counts it in for screen readers, which come
 * with the page's chunk.
 */
export class LiveOrderUpdates implements Disposable {
  private readonly disposables = new DisposableCollection();
  private queue: OrderEvent[] = [];
  /** The frame that applies the queue, once asked for. */
  private scheduled: Disposable | null = null;
  /** Runs from a batch until {@link BURST_INTERVAL_MS} later; meanwhile events only queue up. */
  private pause: Disposable | null = null;
  private readonly followers = new Set<LiveOrderFollower>();

  constructor(
    private readonly events: EventStream,
    private readonly scheduler: FrameScheduler,
    private readonly timers: Timers,
    private readonly list: OrdersListStore,
  ) {}

  /** `follower` is handed every batch from now on, in the order followers came, after the list. */
  follow(follower: LiveOrderFollower): Disposable {
    this.followers.add(follower);
    return { dispose: () => this.followers.delete(follower) };
  }

  start(): void {
    this.disposables.add(
      this.events.onDidReceiveEvent((event) => {
        const orderEvent = toOrderEvent(event.type, event.data, event.id);
        if (orderEvent) {
          this.enqueue(orderEvent);
        }
      }),
    );
    this.disposables.add(() => {
      this.scheduled?.dispose();
      this.scheduled = null;
      this.pause?.dispose();
      this.pause = null;
      this.queue = [];
    });
  }

  /** Applies what is queued now (also what the next batch would do). */
  flush(): void {
    this.scheduled?.dispose();
    this.scheduled = null;
    const batch = coalesceOrderEvents(this.queue);
    this.queue = [];
    if (batch.length === 0) {
      return;
    }
    runInAction(() => {
      this.list.applyEvents(batch);
      this.followers.forEach((follower) => follower.applyEvents(batch));
    });
    this.pause?.dispose();
    this.pause = this.timers.after(BURST_INTERVAL_MS, () => {
      this.pause = null;
      this.scheduleBatch();
    });
  }

  dispose(): void {
    this.disposables.dispose();
  }

  private enqueue(event: OrderEvent): void {
    // A reset makes what came before it moot.
    if (event.type === 'reset') {
      this.queue = [event];
    } else {
      this.queue.push(event);
    }
    this.scheduleBatch();
  }

  private scheduleBatch(): void {
    if (this.queue.length > 0 && !this.pause) {
      this.scheduled ??= this.scheduler.schedule(() => {
        this.scheduled = null;
        this.flush();
      });
    }
  }
}

import { runInAction } from 'mobx';
import { DisposableCollection, type Disposable } from '../model/Disposable';
import { type OrderEvent, toOrderEvent } from '../model/OrderEvent';
import type { EventStream } from '../ports/EventStream';
import type { FrameScheduler } from '../ports/FrameScheduler';
import type { OrderDetailStore } from '../stores/OrderDetailStore';
import type { OrdersListStore } from '../stores/OrdersListStore';

/**
 * Carries the live stream's order events to the stores that show orders. Events are queued and
 * applied once per frame in one MobX action, so a burst of a thousand a second re-renders the list
 * once a frame instead of once an event.
 */
export class LiveOrderUpdates implements Disposable {
  private readonly disposables = new DisposableCollection();
  private queue: OrderEvent[] = [];
  private scheduled: Disposable | null = null;

  constructor(
    private readonly events: EventStream,
    private readonly scheduler: FrameScheduler,
    private readonly list: OrdersListStore,
    private readonly detail: OrderDetailStore,
  ) {}

  start(): void {
    this.disposables.add(
      this.events.onDidReceiveEvent((event) => {
        const orderEvent = toOrderEvent(event.type, event.data);
        if (orderEvent) {
          this.enqueue(orderEvent);
        }
      }),
    );
    this.disposables.add(() => {
      this.scheduled?.dispose();
      this.scheduled = null;
      this.queue = [];
    });
  }

  /** Applies what is queued now (also what the next frame would do). */
  flush(): void {
    this.scheduled?.dispose();
    this.scheduled = null;
    const batch = this.queue;
    this.queue = [];
    if (batch.length > 0) {
      runInAction(() => {
        this.list.applyEvents(batch);
        this.detail.applyEvents(batch);
      });
    }
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
    this.scheduled ??= this.scheduler.schedule(() => {
      this.scheduled = null;
      this.flush();
    });
  }
}

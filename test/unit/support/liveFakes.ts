import { observable, runInAction } from 'mobx';
import type { Appearance } from '../../../shared/ColorScheme';
import type { Disposable } from '../../../shared/Disposable';
import type { NotificationState } from '../../../src/domain/model/NotificationState';
import { Emitter } from '../../../src/domain/model/Emitter';
import type { ThemeColors } from '../../../shared/ThemeColors';
import type { EventStream, EventStreamState, ServerEvent } from '../../../src/domain/ports/EventStream';
import type { FrameScheduler } from '../../../src/domain/ports/FrameScheduler';
import type { RefusedRequest } from '../../../src/domain/ports/HttpClient';
import type { PushService } from '../../../src/domain/ports/PushService';
import type { SystemColorScheme } from '../../../src/domain/ports/SystemColorScheme';
import type { ThemeService } from '../../../src/domain/ports/ThemeService';
import type { Timers } from '../../../src/domain/ports/Timers';
import type { UserActivity } from '../../../src/domain/ports/UserActivity';
import type { ScreenClass, ScreenWidth } from '../../../src/domain/ports/ScreenWidth';

/** An EventStream the test drives: records open/close, lets the test emit events and a 401. */
export class FakeEventStream implements EventStream {
  private readonly box = observable({ state: 'idle' as EventStreamState, errorKey: null as string | null });
  private readonly events = new Emitter<ServerEvent>();
  private readonly unauthorized = new Emitter<RefusedRequest>();
  readonly calls: ('open' | 'close' | 'renew')[] = [];
  /** The token of each `open` and `renew`, in order. */
  readonly openedWith: string[] = [];

  readonly onDidReceiveEvent = this.events.event;
  readonly onDidReceiveUnauthorized = this.unauthorized.event;

  get state(): EventStreamState {
    return this.box.state;
  }

  get errorKey(): string | null {
    return this.box.errorKey;
  }

  get opens(): number {
    return this.calls.filter((call) => call === 'open').length;
  }

  open(token: string): void {
    this.calls.push('open');
    this.openedWith.push(token);
    this.setState('live');
  }

  close(): void {
    this.calls.push('close');
    this.setState('idle');
  }

  renew(token: string): void {
    this.calls.push('renew');
    this.openedWith.push(token);
    this.setState('live');
  }

  setState(state: EventStreamState, errorKey: string | null = null): void {
    runInAction(() => {
      this.box.state = state;
      this.box.errorKey = errorKey;
    });
  }

  emit(type: string, data: unknown, id = ''): void {
    this.events.fire({ id, type, data });
  }

  refuse(token: string | null): void {
    this.unauthorized.fire({ path: '/events', token });
    this.setState('idle');
  }
}

/** UserActivity the test sets: in use until `idle` is set; `resume()` is the console used again. */
export class FakeUserActivity implements UserActivity {
  idle = false;
  private readonly resumed = new Emitter<void>();
  readonly onDidResume = (listener: () => void): Disposable => this.resumed.event(listener);

  resume(): void {
    this.idle = false;
    this.resumed.fire();
  }
}

/** Timers that run when the test advances them. */
export class FakeTimers implements Timers {
  private now = 0;
  private readonly pending = new Set<{ at: number; work: () => void }>();

  after(milliseconds: number, work: () => void): Disposable {
    const entry = { at: this.now + milliseconds, work };
    this.pending.add(entry);
    return { dispose: () => this.pending.delete(entry) };
  }

  advance(milliseconds: number): void {
    const until = this.now + milliseconds;
    for (;;) {
      const next = [...this.pending].filter((entry) => entry.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) {
        break;
      }
      this.pending.delete(next);
      this.now = next.at;
      next.work();
    }
    this.now = until;
  }
}

/** Frames that come when the test says so. */
export class FakeFrameScheduler implements FrameScheduler {
  private readonly pending = new Set<() => void>();
  scheduled = 0;

  schedule(work: () => void): Disposable {
    this.scheduled++;
    this.pending.add(work);
    return { dispose: () => this.pending.delete(work) };
  }

  frame(): void {
    const works = [...this.pending];
    this.pending.clear();
    works.forEach((work) => work());
  }
}

export class FakeThemeService implements ThemeService {
  readonly calls: (ThemeColors | 'remove')[] = [];
  /** The themes shown, in order. */
  readonly shown: Appearance[] = [];

  show(appearance: Appearance): void {
    this.shown.push(appearance);
  }

  apply(colors: ThemeColors): void {
    this.calls.push(colors);
  }

  remove(): void {
    this.calls.push('remove');
  }
}

/** The operating system's theme, changed by the test (as the browser tells a change of `prefers-color-scheme`). */
export class FakeSystemColorScheme implements SystemColorScheme {
  private appearance: Appearance = 'light';
  private readonly listeners = new Set<(appearance: Appearance) => void>();

  current(): Appearance {
    return this.appearance;
  }

  onDidChange(listener: (appearance: Appearance) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** The system switches to `appearance`. */
  prefer(appearance: Appearance): void {
    this.appearance = appearance;
    this.listeners.forEach((listener) => listener(appearance));
  }

  get listening(): number {
    return this.listeners.size;
  }
}

export class FakePushService implements PushService {
  readonly calls: ('subscribe' | 'unsubscribe' | 'unsubscribeLeftover')[] = [];
  private readonly state = observable.box<NotificationState>('notAsked');

  get notifications(): NotificationState {
    return this.state.get();
  }

  /** The browser's permission changes (as the Permissions API would tell). */
  setNotifications(state: NotificationState): void {
    runInAction(() => this.state.set(state));
  }

  async subscribe(): Promise<void> {
    this.calls.push('subscribe');
  }

  async unsubscribe(): Promise<void> {
    this.calls.push('unsubscribe');
  }

  async unsubscribeLeftover(): Promise<void> {
    this.calls.push('unsubscribeLeftover');
  }
}

/** A ScreenWidth the test sets (`set`); wide until told otherwise. */
export class FakeScreenWidth implements ScreenWidth {
  private readonly box = observable({ current: 'wide' as ScreenClass });

  get current(): ScreenClass {
    return this.box.current;
  }

  set(current: ScreenClass): void {
    runInAction(() => (this.box.current = current));
  }
}

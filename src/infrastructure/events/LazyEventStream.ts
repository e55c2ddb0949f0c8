import { action, makeObservable, observable, observableRef } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import { Emitter } from '../../domain/model/Emitter';
import type { EventStream, EventStreamState, ServerEvent } from '../../domain/ports/EventStream';
import type { RefusedRequest } from '../../domain/ports/HttpClient';

/** Said when the stream's code could not be loaded (the network gone before it came, a release replaced). */
export const STREAM_NOT_LOADED = 'live.errors.notLoaded';

/**
 * The live stream, its code (the fetch client and its event parser) loaded when a session first
 * opens it: the login page does not carry it. Until it has loaded, the token to connect with is kept
 * and the stream opened with it once it is there: `open()` keeps the first (an open stream takes
 * no other), `renew()` replaces it (nothing was received yet to resume from), `close()` drops it.
 * Its state reads `connecting` from the first `open()`.
 * Listeners are its own and hear the loaded stream's events and refusals as they come, in order.
 * A load that failed reads `failed` (the reason said) and is tried again at the next `open()`.
 */
export class LazyEventStream implements EventStream, Disposable {
  private loaded: (EventStream & Disposable) | null = null;
  private ownState: EventStreamState = 'idle';
  private ownErrorKey: string | null = null;
  /** The token to open the loaded stream with, or null. */
  private wanted: string | null = null;
  private loading = false;
  private disposed = false;
  private readonly events = new Emitter<ServerEvent>();
  private readonly unauthorized = new Emitter<RefusedRequest>();
  private readonly forwarding: Disposable[] = [];

  readonly onDidReceiveEvent = this.events.event;
  readonly onDidReceiveUnauthorized = this.unauthorized.event;

  constructor(private readonly load: () => Promise<EventStream & Disposable>) {
    makeObservable<LazyEventStream, 'loaded' | 'ownState' | 'ownErrorKey' | 'setOwnState' | 'take'>(this, {
      loaded: observableRef,
      ownState: observable,
      ownErrorKey: observable,
      setOwnState: action,
      take: action,
    });
  }

  get state(): EventStreamState {
    return this.loaded ? this.loaded.state : this.ownState;
  }

  get errorKey(): string | null {
    return this.loaded ? this.loaded.errorKey : this.ownErrorKey;
  }

  open(token: string): void {
    if (this.loaded) {
      this.loaded.open(token);
      return;
    }
    this.wanted ??= token;
    this.loadOnce();
  }

  renew(token: string): void {
    if (this.loaded) {
      this.loaded.renew(token);
      return;
    }
    this.wanted = token;
    this.loadOnce();
  }

  close(): void {
    if (this.loaded) {
      this.loaded.close();
      return;
    }
    this.wanted = null;
    if (!this.loading) {
      this.setOwnState('idle');
    }
  }

  dispose(): void {
    this.disposed = true;
    this.wanted = null;
    this.forwarding.forEach((forward) => forward.dispose());
    this.loaded?.dispose();
    this.events.dispose();
    this.unauthorized.dispose();
  }

  private loadOnce(): void {
    if (this.loading || this.disposed) {
      return;
    }
    this.loading = true;
    this.setOwnState('connecting');
    this.load().then(
      (stream) => {
        this.loading = false;
        if (this.disposed) {
          stream.dispose();
          return;
        }
        this.take(stream);
      },
      (error: unknown) => {
        this.loading = false;
        console.warn('The live stream could not be loaded:', error);
        this.wanted = null;
        this.setOwnState('failed', STREAM_NOT_LOADED);
      },
    );
  }

  private take(stream: EventStream & Disposable): void {
    this.forwarding.push(
      stream.onDidReceiveEvent((event) => this.events.fire(event)),
      stream.onDidReceiveUnauthorized((event) => this.unauthorized.fire(event)),
    );
    this.loaded = stream;
    const token = this.wanted;
    this.wanted = null;
    if (token !== null) {
      stream.open(token);
    }
  }

  private setOwnState(state: EventStreamState, errorKey: string | null = null): void {
    this.ownState = state;
    this.ownErrorKey = errorKey;
  }
}

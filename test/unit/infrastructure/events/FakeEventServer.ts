import type { EventStreamWindow } from '../../../../src/infrastructure/events/FetchEventStream';

const encoder = new TextEncoder();

/** The body of an answered request: the test pushes SSE text into it. */
export class FakeBody {
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  readonly stream = new ReadableStream<Uint8Array>({
    start: (controller) => {
      this.controller = controller;
    },
  });

  push(text: string): void {
    this.controller.enqueue(encoder.encode(text));
  }

  end(): void {
    this.controller.close();
  }

  /** As a body read after its request was aborted, or a network drop mid-stream. */
  fail(error: unknown = new DOMException('The operation was aborted.', 'AbortError')): void {
    try {
      this.controller.error(error);
    } catch {
      // already closed
    }
  }
}

/** One request the client made, waiting for the test to answer it. */
export class FakeRequest {
  constructor(
    readonly url: string,
    readonly init: RequestInit,
    private readonly resolve: (response: Response) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  get headers(): Record<string, string> {
    return { ...(this.init.headers as Record<string, string>) };
  }

  get signal(): AbortSignal {
    return this.init.signal as AbortSignal;
  }

  /** Answers `200 text/event-stream` (or what is given) and returns the body to push into. */
  stream(status = 200, contentType = 'text/event-stream; charset=utf-8'): FakeBody {
    const body = new FakeBody();
    this.signal.addEventListener('abort', () => body.fail());
    this.resolve(new Response(body.stream, { status, headers: { 'Content-Type': contentType } }));
    return body;
  }

  answer(status: number, headers: Record<string, string> = {}, text = ''): void {
    this.resolve(new Response(status === 204 ? null : text, { status, headers }));
  }

  /** As fetch rejects on a network error. */
  fail(): void {
    this.reject(new TypeError('Failed to fetch'));
  }
}

/** A fetch whose requests the test answers one by one. */
export class FakeEventServer {
  readonly requests: FakeRequest[] = [];

  readonly fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      this.requests.push(new FakeRequest(String(input), init, resolve, reject));
    });

  get last(): FakeRequest {
    const request = this.requests.at(-1);
    if (!request) {
      throw new Error('no request was made');
    }
    return request;
  }
}

/** The page as the stream sees it: network events, `navigator.onLine` and the (fake) global timers. */
/** The page of a stream under test: its network events, and timers (WindowTimers) on jest's fake ones. */
export class FakeWindow extends EventTarget implements EventStreamWindow {
  readonly navigator = { onLine: true };

  setTimeout(callback: () => void, ms: number): number {
    return setTimeout(callback, ms) as unknown as number;
  }

  clearTimeout(handle: number): void {
    clearTimeout(handle);
  }

  goOffline(): void {
    this.navigator.onLine = false;
    this.dispatchEvent(new Event('offline'));
  }

  goOnline(): void {
    this.navigator.onLine = true;
    this.dispatchEvent(new Event('online'));
  }
}

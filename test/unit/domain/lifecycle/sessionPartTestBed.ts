import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';

/** One of the session's parts: started once the session is restored, disposed with it. */
export interface SessionPart {
  start(): void;
  dispose(): void;
}

/** The test bed of one of the session's parts, as the tests of a `describe` see it. */
export interface SessionPartTestBed<Part extends SessionPart> {
  /** The container over a cleared localStorage, new for each test. */
  readonly bed: TestBed;
  /** The container's session store; there once `start()` ran. */
  readonly session: SessionStore;
  /** The part under test; there once `start()` ran. */
  readonly part: Part;
  /** Restores the session from storage, then makes the part and starts it (after the test arranged what it needs). */
  start(): Promise<void>;
  /** Moves the clock and the timers together, as time passing does. */
  pass(ms: number): void;
}

/**
 * Gives each test of the calling `describe` a new container over a cleared localStorage; `start()`
 * restores the session and starts the part `makePart` gets; after each test the part and then the
 * session are disposed.
 */
export function sessionPartTestBed<Part extends SessionPart>(makePart: (bed: TestBed, session: SessionStore) => Part): SessionPartTestBed<Part> {
  let bed: TestBed | undefined;
  let session: SessionStore | undefined;
  let part: Part | undefined;
  const there = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) {
      throw new Error(`${what} is not there yet (start() makes the session and the part)`);
    }
    return value;
  };

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    session = undefined;
    part = undefined;
  });

  afterEach(() => {
    there(part, 'the part').dispose();
    there(session, 'the session').dispose();
  });

  return {
    get bed() {
      return there(bed, 'the test bed');
    },
    get session() {
      return there(session, 'the session');
    },
    get part() {
      return there(part, 'the part');
    },
    async start() {
      const current = there(bed, 'the test bed');
      session = current.container.get<SessionStore>(SessionStore);
      await session.restore();
      part = makePart(current, session);
      part.start();
    },
    pass(ms: number) {
      const current = there(bed, 'the test bed');
      current.clock.time += ms;
      current.timers.advance(ms);
    },
  };
}

import { SessionLifecycle, TOKEN_SETTLE_MS } from '../../../../src/domain/lifecycle/SessionLifecycle';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { loginResult } from '../../support/demoUser';

describe('SessionLifecycle at a start with a stored session', () => {
  let bed: TestBed;
  let session: SessionStore;
  let lifecycle: SessionLifecycle;

  beforeEach(async () => {
    localStorage.clear();
    const earlier = createTestContainer();
    const earlierSession = earlier.container.get<SessionStore>(SessionStore);
    await earlierSession.restore();
    earlierSession.signIn(loginResult(earlier.clock.now()));
    earlierSession.dispose();

    bed = createTestContainer();
    session = bed.container.get<SessionStore>(SessionStore);
    await session.restore();
    lifecycle = bed.container.get(SessionLifecycle);
  });

  afterEach(() => {
    lifecycle.dispose();
    session.dispose();
  });

  it('opens the stream at once, beside the first screen\'s requests, not after the settle time', () => {
    lifecycle.start();
    expect(bed.events.calls).toEqual(['open']);
    bed.timers.advance(TOKEN_SETTLE_MS);
    expect(bed.events.calls).toEqual(['open']);
  });

  it('still follows later changes of the token after the settle time', () => {
    lifecycle.start();
    session.signOut();
    bed.timers.advance(TOKEN_SETTLE_MS - 1);
    expect(bed.events.calls).toEqual(['open']);
    bed.timers.advance(1);
    expect(bed.events.calls).toEqual(['open', 'close']);
  });
});

import { SESSION_HANDOFF_MS } from '../../../../src/domain/lifecycle/tokenReplaced';
import type { SessionPart, SessionPartTestBed } from './sessionPartTestBed';

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Waits out the hand-off time after a refused token that is still the one stored: till its last
 * moment the session goes on (no other tab's renewed session is waited for any longer after it).
 */
export async function handOffTimeOver(the: SessionPartTestBed<SessionPart>): Promise<void> {
  await settled();
  expect(the.session.isSignedIn).toBe(true);
  expect(the.bed.navigator.navigations).toEqual([]);
  the.bed.timers.advance(SESSION_HANDOFF_MS - 1);
  await settled();
  expect(the.session.isSignedIn).toBe(true);
  the.bed.timers.advance(1);
  await settled();
}

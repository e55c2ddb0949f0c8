import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { StatePersistence } from '../../../../src/domain/ports/StatePersistence';
import { MobxStatePersistence, STATE_KEY } from '../../../../src/infrastructure/persistence/MobxStatePersistence';
import { SlicedStorage } from '../../../../src/infrastructure/persistence/SlicedStorage';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { loginResult } from '../../support/demoUser';
import type { SessionPart } from './sessionPartTestBed';

/** What another tab leaves in the shared storage (its own writes; the browser then tells this tab). */
export const otherTab = new SlicedStorage(localStorage, STATE_KEY);

/** The browser tells this tab (through `target`, its window) that another tab wrote `key`; the tab's answer settles. */
export async function browserTellsThisTab(target: EventTarget, key: string = STATE_KEY): Promise<void> {
  target.dispatchEvent(Object.assign(new Event('storage'), { key }));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * This tab starts with the session another tab signed in (restored, then the part `makePart` gets
 * started), and hears of that tab's writes through `thisWindow`. The test disposes part and session.
 */
export async function startSignedInElsewhere<Part extends SessionPart>(makePart: (bed: TestBed) => Part) {
  localStorage.clear();
  const thisWindow = new EventTarget();
  const bed = createTestContainer();
  bed.container.rebind(StatePersistence).toConstantValue(new MobxStatePersistence(new SlicedStorage(localStorage, STATE_KEY), thisWindow as Window));
  const session = bed.container.get<SessionStore>(SessionStore);
  const signedIn = loginResult(bed.clock.now());
  otherTab.setItem('auth', { token: signedIn.token, language: 'de', colors: {}, user: signedIn.user });
  await session.restore();
  const part = makePart(bed);
  part.start();
  return { thisWindow, bed, session, signedIn, part };
}

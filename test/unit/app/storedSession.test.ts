import { storedSession } from '../../../src/app/storedSession';
import { STATE_KEY } from '../../../src/infrastructure/persistence/SlicedStorage';
import { tokenExpiringAt } from '../support/fakeJwt';

const NOW = Date.parse('2026-12-02T08:00:00Z');
const keep = (auth: unknown) => localStorage.setItem(STATE_KEY, JSON.stringify({ auth }));

describe('storedSession', () => {
  beforeEach(() => localStorage.clear());

  it('reads the kept token and language of a session that has not expired', () => {
    const token = tokenExpiringAt(NOW + 60_000);
    keep({ token, language: 'en' });
    expect(storedSession(window, NOW)).toEqual({ token, language: 'en' });
    keep({ token, language: 'fr' });
    expect(storedSession(window, NOW)).toEqual({ token, language: 'de' });
  });

  it('finds none for an expired token, no token, or nothing kept', () => {
    keep({ token: tokenExpiringAt(NOW - 1), language: 'en' });
    expect(storedSession(window, NOW)).toBeNull();
    keep({ token: null, language: 'en' });
    expect(storedSession(window, NOW)).toBeNull();
    localStorage.clear();
    expect(storedSession(window, NOW)).toBeNull();
  });

  it('finds none where the browser refuses the storage', () => {
    const refusing = {} as Pick<Window, 'localStorage'>;
    Object.defineProperty(refusing, 'localStorage', {
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    expect(storedSession(refusing, NOW)).toBeNull();
  });
});

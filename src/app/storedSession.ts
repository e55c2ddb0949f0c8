import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/Language';
import { isUnexpiredJwt } from '../domain/model/jwtExpiry';
import { AUTH_SLICE } from '../domain/stores/ObservableSessionStore';
import { SlicedStorage, STATE_KEY } from '../infrastructure/persistence/SlicedStorage';

/** The session kept in this browser, as the session store will restore it. */
export interface StoredSession {
  token: string;
  language: Language;
}

/**
 * The stored session, read by the entry before the console is made: its token when it has not
 * expired (else none, as the store's own check has it), and its language. Null as well where the
 * storage cannot be read (the browser's settings refuse it: even reaching `localStorage` throws then).
 */
export function storedSession(win: Pick<Window, 'localStorage'>, now: number): StoredSession | null {
  try {
    const auth = new SlicedStorage(win.localStorage, STATE_KEY).getItem(AUTH_SLICE);
    const token = auth?.['token'];
    if (typeof token !== 'string' || !isUnexpiredJwt(token, now)) {
      return null;
    }
    return { token, language: isLanguage(auth?.['language']) ? auth['language'] : DEFAULT_LANGUAGE };
  } catch {
    return null;
  }
}

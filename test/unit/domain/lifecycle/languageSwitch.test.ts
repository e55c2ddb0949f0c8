import type { i18n } from 'i18next';
import { SessionLifecycle } from '../../../../src/domain/lifecycle/SessionLifecycle';
import { LocaleService } from '../../../../src/domain/ports/LocaleService';
import { SessionStore } from '../../../../src/domain/ports/SessionStore';
import { PreferencesStore } from '../../../../src/domain/stores/PreferencesStore';
import { createI18n } from '../../../../src/infrastructure/i18n/createI18n';
import { I18nextLocaleService } from '../../../../src/infrastructure/i18n/I18nextLocaleService';
import { formatDateTime } from '../../../../src/ui/format/formatDateTime';
import { allResources as resources } from '../../support/allTexts';
import { createTestContainer, type TestBed } from '../../support/createTestContainer';
import { demoUser, loginResult } from '../../support/demoUser';

describe('switching the language', () => {
  let bed: TestBed;
  let i18n: i18n;
  let lifecycle: SessionLifecycle;
  let session: SessionStore;

  beforeEach(() => {
    localStorage.clear();
    bed = createTestContainer();
    i18n = createI18n(resources);
    bed.container.rebind(LocaleService).toConstantValue(new I18nextLocaleService(i18n, document));
    session = bed.container.get<SessionStore>(SessionStore);
    lifecycle = bed.container.get(SessionLifecycle);
    lifecycle.start();
  });

  afterEach(() => lifecycle.dispose());

  it('starts in German, the default', () => {
    expect(i18n.language).toBe('de');
    expect(i18n.t('login.submit')).toBe('Anmelden');
    expect(document.documentElement.lang).toBe('de');
  });

  it('switches texts, dates and <html lang>, and saves the choice with PATCH /me', async () => {
    session.signIn(loginResult(bed.clock.now()));
    bed.backend.on('PATCH /me', { status: 200, body: { ...demoUser, language: 'en' } });
    await bed.container.get(PreferencesStore).changeLanguage('en');

    expect(i18n.t('login.submit')).toBe('Log in');
    expect(i18n.t('header.language')).toBe('Language');
    expect(formatDateTime('2026-11-24T14:30:00', i18n.language)).toBe('24/11/2026 14:30');
    expect(document.documentElement.lang).toBe('en');
    expect(bed.backend.requests.map((r) => [r.method, r.url, r.body])).toEqual([['PATCH', '/me', { language: 'en' }]]);
    expect(bed.backend.requests[0]?.headers['x-ui-locale']).toBe('en');
  });

  it('formats dates and times in the language of the texts, German as DD.MM.YYYY', () => {
    expect(formatDateTime('2026-11-24T14:30:00', i18n.language)).toBe('24.11.2026 14:30');
  });

  it('switches locally without a request when signed out', async () => {
    await bed.container.get(PreferencesStore).changeLanguage('en');
    expect(i18n.language).toBe('en');
    expect(bed.backend.requests).toEqual([]);
  });

  it('keeps the new language and tells the operator when saving fails', async () => {
    session.signIn(loginResult(bed.clock.now()));
    bed.backend.on('PATCH /me', { status: 500, body: { type: 'about:blank', title: 'Error', status: 500 } });
    await bed.container.get(PreferencesStore).changeLanguage('en');
    expect(session.language).toBe('en');
    expect(bed.notifier.toasts).toEqual([expect.objectContaining({ title: 'preferences.saveFailedTitle', message: 'errors.server' })]);
  });

  it('has every German text in English and the other way round', () => {
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    expect(keys(resources.de.translation).sort()).toEqual(keys(resources.en.translation).sort());
  });
});

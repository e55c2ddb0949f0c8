import { FormGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { COLOR_SCHEMES, isColorScheme } from '../../../shared/ColorScheme';
import { isLanguage, LANGUAGES } from '../../../shared/Language';
import { SessionStore } from '../../domain/ports/SessionStore';
import { AppearanceStore } from '../../domain/stores/AppearanceStore';
import { PreferencesStore } from '../../domain/stores/PreferencesStore';
import { useRouteRendered } from '../routing/useRouteRendered';
import { useService } from '../services/useService';
import { PrimaryToolbar } from '../shell/PrimaryToolbar';
import { NotificationSettings } from './NotificationSettings';
import { PasswordSettings } from './PasswordSettings';
import { ThemeSettings } from './ThemeSettings';
import './SettingsPage.css';

/**
 * The user's settings: the language and the theme, saved to the account; the company's colours (an admin's to
 * set); the password; and whether this browser shows notifications.
 */
export const SettingsPage = observer(function SettingsPage() {
  const { t } = useTranslation();
  const session = useService<SessionStore>(SessionStore);
  const preferences = useService(PreferencesStore);
  const appearance = useService(AppearanceStore);
  useRouteRendered();
  return (
    <>
      <PrimaryToolbar title={t('settings.title')} />
      <section className="cockpit-settings">
        <FormGroup label={t('settings.language')} helperText={t('settings.languageHint')}>
          <RadioGroup
            selectedValue={session.language}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isLanguage(value)) {
                void preferences.changeLanguage(value);
              }
            }}
          >
            {LANGUAGES.map((language) => (
              <Radio key={language} value={language} label={t(`languages.${language}`)} />
            ))}
          </RadioGroup>
        </FormGroup>
        <FormGroup label={t('settings.colorScheme')} helperText={t('settings.colorSchemeHint', { now: t(`settings.colorSchemeNow.${appearance.system}`) })}>
          <RadioGroup
            selectedValue={session.colorScheme}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isColorScheme(value)) {
                void preferences.changeColorScheme(value);
              }
            }}
          >
            {COLOR_SCHEMES.map((scheme) => (
              <Radio key={scheme} value={scheme} label={t(`settings.colorSchemeOption.${scheme}`)} />
            ))}
          </RadioGroup>
        </FormGroup>
        <ThemeSettings />
        <PasswordSettings />
        <NotificationSettings />
      </section>
    </>
  );
});

import { HTMLSelect } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../../../shared/Language';
import { SessionStore } from '../../domain/ports/SessionStore';
import { PreferencesStore } from '../../domain/stores/PreferencesStore';
import { useService } from '../services/useService';
import './LanguageSwitch.css';

/** The language switch in the header (labelled "Language"/"Sprache"). */
export const LanguageSwitch = observer(function LanguageSwitch() {
  const { t } = useTranslation();
  const session = useService<SessionStore>(SessionStore);
  const preferences = useService(PreferencesStore);
  const id = useId();
  return (
    <span className="cockpit-language-switch" data-tour="language">
      <label htmlFor={id}>{t('header.language')}</label>
      <HTMLSelect
        id={id}
        minimal
        value={session.language}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isLanguage(value)) {
            void preferences.changeLanguage(value);
          }
        }}
        options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
      />
    </span>
  );
});

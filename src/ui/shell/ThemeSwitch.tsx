import { HTMLSelect } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { COLOR_SCHEMES, isColorScheme } from '../../../shared/ColorScheme';
import { SessionStore } from '../../domain/ports/SessionStore';
import { PreferencesStore } from '../../domain/stores/PreferencesStore';
import { useService } from '../services/useService';

/** The header's compact theme switch (System, Light, Dark), named by its label "Theme"/"Darstellung". */
export const ThemeSwitch = observer(function ThemeSwitch() {
  const { t } = useTranslation();
  const session = useService<SessionStore>(SessionStore);
  const preferences = useService(PreferencesStore);
  return (
    <HTMLSelect
      className="cockpit-theme-switch"
      minimal
      aria-label={t('colorSchemes.label')}
      title={t('colorSchemes.label')}
      value={session.colorScheme}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isColorScheme(value)) {
          void preferences.changeColorScheme(value);
        }
      }}
      options={COLOR_SCHEMES.map((scheme) => ({ value: scheme, label: t(`colorSchemes.${scheme}`) }))}
    />
  );
});

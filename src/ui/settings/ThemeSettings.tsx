import { Button, Callout, H3 } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME_COLOR_KEYS } from '../../../shared/ThemeColors';
import { SessionStore } from '../../domain/ports/SessionStore';
import { ThemeSettingsStore } from '../../domain/stores/ThemeSettingsStore';
import { useService } from '../services/useService';
import { ThemeColorField } from './ThemeColorField';
import { ThemePreview } from './ThemePreview';

/**
 * The tenant's colours with a live preview, saved with `PATCH /api/me` by an admin; other roles see
 * them, with a note that an admin sets them.
 */
export const ThemeSettings = observer(function ThemeSettings() {
  const { t } = useTranslation();
  const store = useService(ThemeSettingsStore);
  const session = useService<SessionStore>(SessionStore);
  const mayChange = session.allows('admin');

  // Every visit starts from the colours in effect, not from edits left behind earlier.
  useEffect(() => store.reset(), [store]);

  return (
    <section className="cockpit-theme-settings" aria-labelledby="theme-settings-title">
      <H3 id="theme-settings-title">{t('settings.colors')}</H3>
      <p className="cockpit-theme-settings-hint">{t('settings.colorsHint')}</p>
      <div className="cockpit-theme-settings-body">
        <form
          className="cockpit-theme-settings-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void store.save();
          }}
        >
          {THEME_COLOR_KEYS.map((key) => (
            <ThemeColorField key={key} store={store} colorKey={key} readOnly={!mayChange} />
          ))}
          {!mayChange && (
            <Callout className="cockpit-theme-settings-admin-only" data-testid="colors-admin-only">
              {t('settings.colorsAdminOnly', { admin: t('roles.admin'), role: t(`roles.${session.role}`) })}
            </Callout>
          )}
          {store.errorKey && (
            <Callout intent="danger" role="alert" title={t('settings.colorsSaveFailed')}>
              {t(store.errorKey)}
            </Callout>
          )}
          {mayChange && (
            <div className="cockpit-theme-settings-actions">
              <Button type="submit" intent="primary" text={t('settings.saveColors')} loading={store.saving} disabled={!store.dirty} />
              <Button variant="minimal" text={t('settings.discardColors')} disabled={!store.dirty || store.saving} onClick={() => store.reset()} />
            </div>
          )}
        </form>
        <ThemePreview store={store} tenantName={session.user?.tenant.name ?? ''} />
      </div>
    </section>
  );
});

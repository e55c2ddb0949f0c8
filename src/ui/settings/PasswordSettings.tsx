import { Button, Callout, FormGroup, H3, InputGroup } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '../../../shared/passwordRule';
import { type PasswordField, PasswordChangeStore } from '../../domain/stores/PasswordChangeStore';
import { useService } from '../services/useService';

const LABELS: Record<PasswordField, string> = {
  currentPassword: 'settings.currentPassword',
  newPassword: 'password.newPassword',
  repeatPassword: 'password.repeatPassword',
};

const AUTOCOMPLETE: Record<PasswordField, string> = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  repeatPassword: 'new-password',
};

/**
 * The user's own password: the current one and a new one twice. The rule is told under the new one
 * and follows the typing; the backend's refusals (a wrong current password, a common one) stand at
 * their fields. A change signs the user out everywhere else, which the hint says before it is made.
 */
export const PasswordSettings = observer(function PasswordSettings() {
  const { t } = useTranslation();
  const store = useService(PasswordChangeStore);

  // Every visit starts with an empty form: nothing typed stays behind.
  useEffect(() => store.reset(), [store]);

  const field = (name: PasswordField, helper?: string, intent: 'none' | 'success' | 'danger' = 'none') => {
    const error = store.fieldErrors[name];
    const id = `password-${name}`;
    return (
      <FormGroup label={t(LABELS[name])} labelFor={id} intent={error ? 'danger' : intent} helperText={<span id={`${id}-help`}>{error ?? helper}</span>}>
        <InputGroup
          id={id}
          type="password"
          value={store.values[name]}
          autoComplete={AUTOCOMPLETE[name]}
          intent={error ? 'danger' : intent}
          aria-invalid={error || intent === 'danger' ? true : undefined}
          aria-describedby={`${id}-help`}
          disabled={store.saving}
          onValueChange={(value) => store.edit(name, value)}
        />
      </FormGroup>
    );
  };

  const typed = store.values.newPassword !== '';
  const rule = t('password.rule', { min: PASSWORD_MIN_LENGTH, count: store.check.length });
  return (
    <section className="cockpit-password-settings" aria-labelledby="password-settings-title">
      <H3 id="password-settings-title">{t('settings.password')}</H3>
      <p className="cockpit-password-settings-hint">{t('settings.passwordHint')}</p>
      <form
        className="cockpit-password-settings-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void store.save();
        }}
      >
        {field('currentPassword')}
        {field('newPassword', rule, typed ? (store.check.lengthMet ? 'success' : 'danger') : 'none')}
        {field('repeatPassword', store.check.repeatMatches ? undefined : t('password.repeatMismatch'), store.check.repeatMatches ? 'none' : 'danger')}
        {store.errorKey && (
          <Callout intent="danger" role="alert" title={t('settings.passwordChangeFailed')}>
            {t(store.errorKey)}
          </Callout>
        )}
        <Button type="submit" intent="primary" text={t('settings.changePassword')} loading={store.saving} disabled={!store.canSave} />
      </form>
    </section>
  );
});

import { Button, Callout, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '../../../shared/passwordRule';
import { newPasswordCheck } from '../../domain/model/newPasswordCheck';
import { AuthStore } from '../../domain/stores/AuthStore';
import { useService } from '../services/useService';

/**
 * The second step of a sign-in with a one-time password: the user's own password, twice, the rule
 * told as it is typed (the one the backend applies; its refusal, such as a common password, stands
 * under the field). Sent, the sign-in goes on as any other.
 */
export const FirstPasswordForm = observer(function FirstPasswordForm({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation();
  const auth = useService(AuthStore);
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const check = newPasswordCheck(newPassword, repeat);
  const typed = newPassword !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check.complete) void auth.chooseFirstPassword(newPassword, returnTo);
  };

  const newIntent = auth.newPasswordError ? 'danger' : typed ? (check.lengthMet ? 'success' : 'danger') : 'none';
  const repeatIntent = check.repeatMatches ? 'none' : 'danger';
  return (
    <>
      <H2>{t('password.firstTitle')}</H2>
      <p>{t('password.firstHint')}</p>
      <form onSubmit={submit} noValidate>
        <FormGroup
          label={t('password.newPassword')}
          labelFor="first-password-new"
          intent={newIntent}
          helperText={<span id="first-password-new-help">{auth.newPasswordError ?? t('password.rule', { min: PASSWORD_MIN_LENGTH, count: check.length })}</span>}
        >
          <InputGroup
            id="first-password-new"
            type="password"
            autoComplete="new-password"
            autoFocus
            value={newPassword}
            intent={newIntent}
            aria-invalid={newIntent === 'danger' ? true : undefined}
            aria-describedby="first-password-new-help"
            onValueChange={(value) => {
              setNewPassword(value);
              auth.editingNewPassword();
            }}
          />
        </FormGroup>
        <FormGroup
          label={t('password.repeatPassword')}
          labelFor="first-password-repeat"
          intent={repeatIntent}
          helperText={<span id="first-password-repeat-help">{check.repeatMatches ? undefined : t('password.repeatMismatch')}</span>}
        >
          <InputGroup
            id="first-password-repeat"
            type="password"
            autoComplete="new-password"
            value={repeat}
            intent={repeatIntent}
            aria-invalid={repeatIntent === 'danger' ? true : undefined}
            aria-describedby="first-password-repeat-help"
            onValueChange={setRepeat}
          />
        </FormGroup>
        {auth.loginError && (
          <Callout intent="danger" className="cockpit-login-error" role="alert">
            {t(auth.loginError)}
          </Callout>
        )}
        <Button type="submit" intent="primary" fill loading={auth.pending} disabled={!check.complete} text={t('password.firstSubmit')} />
        <Button className="cockpit-login-back" variant="minimal" fill text={t('password.back')} onClick={() => auth.cancelFirstPassword()} />
      </form>
    </>
  );
});

import { Button, Callout, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthStore } from '../../domain/stores/AuthStore';
import { useService } from '../services/useService';

/** E-mail and password ("Email"/"E-Mail", "Password"/"Passwort", "Log in"/"Anmelden"). */
export const SignInForm = observer(function SignInForm({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation();
  const auth = useService(AuthStore);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    void auth.login({ email: email.trim(), password }, returnTo);
  };

  const error = missing ? 'login.required' : auth.loginError;
  return (
    <>
      <H2>{t('login.title')}</H2>
      <form onSubmit={submit} noValidate>
        <FormGroup label={t('login.email')} labelFor="login-email">
          <InputGroup id="login-email" name="email" type="email" autoComplete="username" autoFocus value={email} onValueChange={setEmail} />
        </FormGroup>
        <FormGroup label={t('login.password')} labelFor="login-password">
          <InputGroup id="login-password" name="password" type="password" autoComplete="current-password" value={password} onValueChange={setPassword} />
        </FormGroup>
        {error && (
          <Callout intent="danger" className="cockpit-login-error" role="alert">
            {t(error)}
          </Callout>
        )}
        <Button type="submit" intent="primary" fill loading={auth.pending} text={t('login.submit')} />
      </form>
    </>
  );
});

import { Card } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { safeReturnPath } from '../../domain/model/returnPath';
import { SessionStore } from '../../domain/ports/SessionStore';
import { AuthStore } from '../../domain/stores/AuthStore';
import { useService } from '../services/useService';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import './LoginPage.css';
import { useRouteRendered } from '../routing/useRouteRendered';
import { withAreaTexts } from '../routing/withAreaTexts';
import { SignInForm } from './SignInForm';

/** The second step of a sign-in with a one-time password: rare, so a chunk of its own with its texts. */
const FirstPasswordForm = lazy(() =>
  Promise.all([
    import(/* webpackChunkName: "first-password" */ './FirstPasswordForm'),
    import(/* webpackChunkName: "first-password" */ '../locales/passwordTexts'),
  ]).then(([form, texts]) => ({ default: withAreaTexts(texts.passwordTexts, form.FirstPasswordForm) })),
);

/** The login page: the sign-in form; after a one-time password, the form to choose one's own. */
export const LoginPage = observer(function LoginPage() {
  const auth = useService(AuthStore);
  const session = useService<SessionStore>(SessionStore);
  useRouteRendered();
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo');

  if (session.isSignedIn && !auth.pending) {
    return <Navigate to={safeReturnPath(returnTo)} replace />;
  }

  return (
    <div className="cockpit-login">
      <Card className="cockpit-login-card" elevation={2}>
        <div className="cockpit-login-language">
          <LanguageSwitch />
        </div>
        {auth.choosingPassword ? (
          <Suspense fallback={null}>
            <FirstPasswordForm returnTo={returnTo} />
          </Suspense>
        ) : (
          <SignInForm returnTo={returnTo} />
        )}
      </Card>
    </div>
  );
});

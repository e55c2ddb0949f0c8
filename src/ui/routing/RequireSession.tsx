import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginPathReturningTo } from '../../domain/model/returnPath';
import { SessionStore } from '../../domain/ports/SessionStore';
import { useService } from '../services/useService';

/** Shows its children to a signed-in operator; anyone else goes to `/login?returnTo=…`. */
export const RequireSession = observer(function RequireSession({ children }: { children: ReactNode }) {
  const session = useService<SessionStore>(SessionStore);
  const location = useLocation();
  if (!session.isSignedIn) {
    return <Navigate to={loginPathReturningTo(`${location.pathname}${location.search}`)} replace />;
  }
  return <>{children}</>;
});

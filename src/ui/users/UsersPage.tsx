import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { LockIcon, PlusIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionStore } from '../../domain/ports/SessionStore';
import { UsersStore } from '../../domain/stores/UsersStore';
import { useRouteRendered } from '../routing/useRouteRendered';
import { useService } from '../services/useService';
import { PrimaryToolbar } from '../shell/PrimaryToolbar';
import { NewUserDialog } from './NewUserDialog';
import { OneTimePasswordDialog } from './OneTimePasswordDialog';
import { UsersTable } from './UsersTable';
import './UsersPage.css';
import './narrowUsers.css';

/**
 * The company's users, for its admins: who they are, their role, whether active, their last sign-in;
 * a user added, a role changed, a user deactivated or reactivated, a new one-time password. Another
 * role sees why the page is not theirs (the backend refuses them as well).
 */
export const UsersPage = observer(function UsersPage() {
  const { t } = useTranslation();
  const session = useService<SessionStore>(SessionStore);
  const store = useService(UsersStore);
  const [adding, setAdding] = useState(false);
  const isAdmin = session.allows('admin');
  useRouteRendered();

  useEffect(() => {
    if (isAdmin) void store.load();
  }, [store, isAdmin]);

  if (!isAdmin) {
    return (
      <>
        <PrimaryToolbar title={t('users.title')} />
        <NonIdealState
          icon={<LockIcon size={48} />}
          title={t('users.adminOnlyTitle')}
          description={t('users.adminOnly', { admin: t('roles.admin'), role: t(`roles.${session.role}`) })}
        />
      </>
    );
  }
  return (
    <>
      <PrimaryToolbar title={t('users.title')}>
        <Button icon={<PlusIcon />} intent="primary" text={t('users.add')} onClick={() => setAdding(true)} data-testid="add-user" />
      </PrimaryToolbar>
      <section className="cockpit-users">
        {store.state === 'error' && store.loadErrorKey ? (
          <NonIdealState
            title={t('users.loadFailed')}
            description={t(store.loadErrorKey)}
            action={<Button text={t('users.retry')} onClick={() => void store.load()} />}
          />
        ) : store.state === 'loading' && store.users.length === 0 ? (
          <Spinner className="cockpit-page-spinner" />
        ) : (
          <UsersTable />
        )}
      </section>
      <NewUserDialog isOpen={adding} onClose={() => setAdding(false)} />
      <OneTimePasswordDialog />
    </>
  );
});

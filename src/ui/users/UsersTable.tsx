import { Button, HTMLSelect, HTMLTable, Tag, Tooltip } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { isRole, ROLES } from '../../../shared/Role';
import type { UserAccount } from '../../../shared/UserAccount';
import { SessionStore } from '../../domain/ports/SessionStore';
import { UsersStore } from '../../domain/stores/UsersStore';
import { formatCount } from '../format/formatCount';
import { formatDateTime } from '../format/formatDateTime';
import { useService } from '../services/useService';

/**
 * The users as a table: name, e-mail, role (a select), last sign-in, active; per user, deactivate or
 * reactivate and a new one-time password. What an admin may not do to themselves (their own role,
 * deactivating themselves) is disabled with the reason as its tooltip.
 */
export const UsersTable = observer(function UsersTable() {
  const { t, i18n } = useTranslation();
  const store = useService(UsersStore);
  const session = useService<SessionStore>(SessionStore);
  const selfId = session.user?.id;

  const row = (user: UserAccount) => {
    const self = user.id === selfId;
    const busy = store.busy.has(user.id);
    const roleSelect = (
      <HTMLSelect
        aria-label={t('users.roleOf', { name: user.name })}
        value={user.role}
        disabled={self || busy}
        onChange={(event) => {
          const role = event.currentTarget.value;
          if (isRole(role)) void store.changeRole(user.id, role);
        }}
        options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
      />
    );
    const activeButton = (
      <Button
        variant="minimal"
        text={user.active ? t('users.deactivate') : t('users.reactivate')}
        intent={user.active ? 'danger' : 'success'}
        disabled={self || busy}
        onClick={() => void store.setActive(user.id, !user.active)}
      />
    );
    return (
      <tr key={user.id} data-user={user.email} className={user.active ? undefined : 'cockpit-user-inactive'}>
        <td>{user.name}</td>
        <td>{user.email}</td>
        <td>{self ? <Tooltip content={t('users.ownRole')}>{roleSelect}</Tooltip> : roleSelect}</td>
        {/* On a phone the rows are stacked: the label stands before the value (narrowUsers.css). */}
        <td data-label={t('users.lastLogin')}>{user.lastLoginAt ? formatDateTime(user.lastLoginAt, i18n.language) : t('users.neverSignedIn')}</td>
        <td>
          <Tag minimal intent={user.active ? 'success' : 'none'}>
            {user.active ? t('users.active') : t('users.inactive')}
          </Tag>
          {user.mustChangePassword && (
            <Tag minimal intent="warning" className="cockpit-user-one-time">
              {t('users.oneTimePasswordPending')}
            </Tag>
          )}
        </td>
        <td className="cockpit-user-actions">
          {self ? <Tooltip content={t('users.ownDeactivation')}>{activeButton}</Tooltip> : activeButton}
          <Button variant="minimal" text={t('users.resetPassword')} disabled={busy} onClick={() => void store.resetPassword(user.id)} />
        </td>
      </tr>
    );
  };

  return (
    <HTMLTable className="cockpit-users-table" striped interactive={false}>
      <caption className="cockpit-users-count">{t('users.count', { count: store.users.length, formatted: formatCount(store.users.length, session.language) })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('users.name')}</th>
          <th scope="col">{t('users.email')}</th>
          <th scope="col">{t('users.role')}</th>
          <th scope="col">{t('users.lastLogin')}</th>
          <th scope="col">{t('users.status')}</th>
          <th scope="col">
            {t('users.actions')}
          </th>
        </tr>
      </thead>
      <tbody>{store.users.map(row)}</tbody>
    </HTMLTable>
  );
});

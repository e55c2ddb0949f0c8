import { Button } from '@blueprintjs/core';
import { CaretDownIcon, CogIcon, LogOutIcon, PeopleIcon, UserIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SessionStore } from '../../domain/ports/SessionStore';
import { AuthStore } from '../../domain/stores/AuthStore';
import { useService } from '../services/useService';
import { LazyPopover } from './LazyPopover';

/**
 * The signed-in user with the way to settings, to the users (an admin's), and out. The menu is a
 * popover that comes with the overlays after the first screen (`LazyPopover`).
 */
export const UserMenu = observer(function UserMenu() {
  const { t } = useTranslation();
  const session = useService<SessionStore>(SessionStore);
  const auth = useService(AuthStore);
  const navigate = useNavigate();
  const name = session.user?.name ?? session.user?.email ?? '';
  return (
    <LazyPopover
      placement="bottom-end"
      target={(onClick) => (
        <Button
          variant="minimal"
          icon={<UserIcon />}
          endIcon={<CaretDownIcon />}
          text={name}
          // The visible name stands first in the button's name (WCAG 2.5.3, label in name).
          aria-label={name ? t('userMenu.button', { name }) : t('header.userMenu')}
          data-tour="settings"
          onClick={onClick}
        />
      )}
      content={({ Menu, MenuDivider, MenuItem }) => (
        <Menu>
          <MenuDivider title={t('header.signedInAs', { name })} />
          <MenuItem text={t('userMenu.role', { role: t(`roles.${session.role}`) })} disabled data-testid="user-role" />
          <MenuItem icon={<CogIcon />} text={t('header.settings')} onClick={() => navigate('/settings')} />
          {session.allows('admin') && <MenuItem icon={<PeopleIcon />} text={t('userMenu.users')} onClick={() => navigate('/users')} data-testid="users-link" />}
          <MenuItem icon={<LogOutIcon />} text={t('header.logout')} onClick={() => void auth.logout()} data-testid="logout" />
        </Menu>
      )}
    />
  );
});

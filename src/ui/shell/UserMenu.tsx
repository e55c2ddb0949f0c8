import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { CaretDownIcon, CogIcon, LogOutIcon, UserIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SessionStore } from '../../domain/ports/SessionStore';
import { AuthStore } from '../../domain/stores/AuthStore';
import { useService } from '../services/useService';

/** The signed-in user with the way to settings and out. */
export const UserMenu = observer(function UserMenu() {
  const { t } = useTranslation();
  const session = useService<SessionStore>(SessionStore);
  const auth = useService(AuthStore);
  const navigate = useNavigate();
  const name = session.user?.name ?? session.user?.email ?? '';
  return (
    <Popover
      placement="bottom-end"
      content={
        <Menu>
          <MenuDivider title={t('header.signedInAs', { name })} />
          <MenuItem icon={<CogIcon />} text={t('header.settings')} onClick={() => navigate('/settings')} />
          <MenuItem icon={<LogOutIcon />} text={t('header.logout')} onClick={() => void auth.logout()} data-testid="logout" />
        </Menu>
      }
    >
      <Button variant="minimal" icon={<UserIcon />} endIcon={<CaretDownIcon />} text={name} aria-label={t('header.userMenu')} data-tour="settings" />
    </Popover>
  );
});

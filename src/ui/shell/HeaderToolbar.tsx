import { Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { SessionStore } from '../../domain/ports/SessionStore';
import { useService } from '../services/useService';
import { HelpButton } from '../tour/HelpButton';
import { LanguageSwitch } from './LanguageSwitch';
import { LiveIndicator } from './LiveIndicator';
import { ThemeSwitch } from './ThemeSwitch';
import { UserMenu } from './UserMenu';

/**
 * The header toolbar (color1 paints it): product, the pages (orders and planning board, keeping the
 * list's criteria of the URL), tenant, live state, help, language, theme, user.
 */
export const HeaderToolbar = observer(function HeaderToolbar() {
  const { t } = useTranslation();
  const session = useService<SessionStore>(SessionStore);
  const location = useLocation();
  return (
    <Navbar className="cockpit-header-toolbar" role="banner">
      <NavbarGroup align="left">
        <NavbarHeading>
          <Link to="/orders" className="cockpit-product-name">
            {t('app.name')}
          </Link>
        </NavbarHeading>
        <nav className="cockpit-nav" aria-label={t('nav.label')}>
          <NavLink to={{ pathname: '/orders', search: location.search }} className="cockpit-nav-link" data-testid="orders-link">
            {t('nav.orders')}
          </NavLink>
          <NavLink to={{ pathname: '/planning', search: location.search }} className="cockpit-nav-link" data-testid="planning-link">
            {t('nav.planning')}
          </NavLink>
        </nav>
        {session.user && (
          <>
            <NavbarDivider />
            <span className="cockpit-tenant-name" data-testid="tenant-name">
              {session.user.tenant.name}
            </span>
          </>
        )}
      </NavbarGroup>
      <NavbarGroup align="right">
        {session.isSignedIn && <LiveIndicator />}
        <HelpButton />
        <NavbarDivider />
        <LanguageSwitch />
        <ThemeSwitch />
        <NavbarDivider />
        <UserMenu />
      </NavbarGroup>
    </Navbar>
  );
});

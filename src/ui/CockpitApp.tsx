import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { ConsoleRouter } from './routing/consoleRouter';
import { ConsoleRoutes } from './routing/ConsoleRoutes';
import { ServiceContext, type ServiceLocator } from './services/ServiceContext';
import './shell/page.css';

export interface CockpitAppProps {
  services: ServiceLocator;
  router: ConsoleRouter;
  i18n: i18n;
}

/**
 * The console's React tree: services, texts and the routes. Blueprint's provider (overlays,
 * hotkeys and their dialog, portals) is the signed-in shell's (`AppShell`, a chunk of its own): the
 * login page draws no overlay and loads none of that machinery.
 */
export function CockpitApp({ services, router, i18n }: CockpitAppProps) {
  return (
    <ServiceContext.Provider value={services}>
      <I18nextProvider i18n={i18n}>
        <ConsoleRoutes router={router} />
      </I18nextProvider>
    </ServiceContext.Provider>
  );
}

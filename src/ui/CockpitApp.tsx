import { BlueprintProvider } from '@blueprintjs/core';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { ServiceContext, type ServiceLocator } from './services/ServiceContext';

export interface CockpitAppProps {
  services: ServiceLocator;
  router: ReturnType<typeof createBrowserRouter>;
  i18n: i18n;
}

/** The console's React tree: services, texts, Blueprint and the routes. */
export function CockpitApp({ services, router, i18n }: CockpitAppProps) {
  return (
    <ServiceContext.Provider value={services}>
      <I18nextProvider i18n={i18n}>
        <BlueprintProvider>
          <RouterProvider router={router} />
        </BlueprintProvider>
      </I18nextProvider>
    </ServiceContext.Provider>
  );
}

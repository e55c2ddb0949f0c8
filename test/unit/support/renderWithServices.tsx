import { render } from '@testing-library/react';
import type { i18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { OrderMarksStart } from '../../../src/app/modules/orderMarksModule';
import { OrdersPageStart } from '../../../src/app/modules/ordersPageModule';
import { PlanningPageStart } from '../../../src/app/modules/planningPageModule';
import { SessionLifecycle } from '../../../src/domain/lifecycle/SessionLifecycle';
import { LocaleService } from '../../../src/domain/ports/LocaleService';
import { createI18n } from '../../../src/infrastructure/i18n/createI18n';
import { I18nextLocaleService } from '../../../src/infrastructure/i18n/I18nextLocaleService';
import { allResources } from './allTexts';
import { ServiceContext } from '../../../src/ui/services/ServiceContext';
import type { TestBed } from './createTestContainer';

/**
 * Renders a view with the test container's services, real texts and a memory router at `path`. At an
 * orders page's or the planning board's path that page's stores and the marks they share have
 * started, as when its chunk arrives before it shows.
 */
export function renderWithServices(bed: TestBed, element: ReactElement, path = '/') {
  const i18n: i18n = createI18n(allResources);
  bed.container.rebind(LocaleService).toConstantValue(new I18nextLocaleService(i18n, document));
  if (/^\/(orders|planning)(\/|\?|$)/.test(path)) {
    bed.container.get(OrderMarksStart);
    bed.container.get(path.startsWith('/orders') ? OrdersPageStart : PlanningPageStart);
  }
  const lifecycle = bed.container.get(SessionLifecycle);
  lifecycle.start();
  const result = render(
    <ServiceContext.Provider value={bed.container}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
      </I18nextProvider>
    </ServiceContext.Provider>,
  );
  return { ...result, i18n, lifecycle };
}

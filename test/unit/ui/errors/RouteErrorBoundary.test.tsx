import { act, fireEvent, render, screen } from '@testing-library/react';
import { isValidElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Outlet, useNavigate, useRoutes, type NavigateFunction, type RouteObject } from 'react-router-dom';
import { Telemetry } from '../../../../src/domain/ports/Telemetry';
import { createI18n } from '../../../../src/infrastructure/i18n/createI18n';
import { RouteErrorBoundary } from '../../../../src/ui/errors/RouteErrorBoundary';
import { RouteErrorPanel } from '../../../../src/ui/errors/RouteErrorPanel';
import { withRouteErrorPanels } from '../../../../src/ui/errors/withRouteErrorPanels';
import { resources } from '../../../../src/ui/locales/resources';
import { routes } from '../../../../src/ui/routing/routes';
import { ServiceContext, type ServiceLocator } from '../../../../src/ui/services/ServiceContext';

/** Telemetry that records what it is told. */
class RecordingTelemetry implements Telemetry {
  readonly recorded: [unknown, Record<string, string> | undefined][] = [];
  recordError(error: unknown, attributes?: Record<string, string>): void {
    this.recorded.push([error, attributes]);
  }
  async flush(): Promise<void> {}
}

const failure = new Error('the page broke');

function Broken(): never {
  throw failure;
}

function Shell() {
  return (
    <div>
      <header>Shell header</header>
      <Outlet />
    </div>
  );
}

function Routes({ routeObjects, onNavigate }: { routeObjects: RouteObject[]; onNavigate: (navigate: NavigateFunction) => void }) {
  onNavigate(useNavigate());
  return useRoutes(routeObjects);
}

function renderRoutes(routeObjects: RouteObject[], path: string, language = 'de') {
  const telemetry = new RecordingTelemetry();
  const services: ServiceLocator = { get: <T,>(id: unknown) => (id === Telemetry ? telemetry : undefined) as T };
  const i18n = createI18n(resources);
  void i18n.changeLanguage(language);
  let navigate: NavigateFunction | undefined;
  render(
    <ServiceContext.Provider value={services}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes routeObjects={routeObjects} onNavigate={(given) => (navigate = given)} />
        </MemoryRouter>
      </I18nextProvider>
    </ServiceContext.Provider>,
  );
  return { telemetry, navigate: (to: string) => act(() => void navigate?.(to)) };
}

describe('route error boundary', () => {
  beforeEach(() => {
    // React and the router print the caught error themselves; the test looks at what it reports.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it('shows the translated panel with a reload action instead of a route that throws, and reports the error once', async () => {
    const { telemetry } = renderRoutes(withRouteErrorPanels([{ path: '/', element: <Broken /> }]), '/');
    expect(await screen.findByText('Etwas ist schiefgegangen')).toBeTruthy();
    expect(screen.getByText('Diese Seite konnte nicht angezeigt werden. Laden Sie die Seite neu, um es noch einmal zu versuchen.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeTruthy();
    expect(telemetry.recorded).toEqual([[failure, { 'error.source': 'route' }]]);
  });

  it('speaks English too', async () => {
    renderRoutes(withRouteErrorPanels([{ path: '/', element: <Broken /> }]), '/', 'en');
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('keeps the shell around a child route that throws', async () => {
    const { telemetry } = renderRoutes(
      withRouteErrorPanels([{ path: '/', element: <Shell />, children: [{ path: 'orders', element: <Broken /> }] }]),
      '/orders',
    );
    expect(await screen.findByText('Etwas ist schiefgegangen')).toBeTruthy();
    expect(screen.getByText('Shell header')).toBeTruthy();
    expect(telemetry.recorded).toHaveLength(1);
  });

  it('shows the route again after a navigation elsewhere', async () => {
    let broken = true;
    function SometimesBroken() {
      if (broken) {
        throw failure;
      }
      return <p>page</p>;
    }
    const { navigate } = renderRoutes(
      withRouteErrorPanels([{ path: '/', element: <Shell />, children: [{ path: ':page', element: <SometimesBroken /> }] }]),
      '/orders',
    );
    expect(await screen.findByText('Etwas ist schiefgegangen')).toBeTruthy();
    broken = false;
    await navigate('/settings');
    expect(await screen.findByText('page')).toBeTruthy();
    expect(screen.queryByText('Etwas ist schiefgegangen')).toBeNull();
  });

  it('reloads the page from the panel', async () => {
    const reload = jest.fn();
    renderRoutes(withRouteErrorPanels([{ path: '/', element: <Broken />, errorElement: <RouteErrorPanel reload={reload} /> }]), '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Neu laden' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows a route’s own error element instead of the panel', async () => {
    const { telemetry } = renderRoutes(withRouteErrorPanels([{ path: '/', element: <Broken />, errorElement: <p>own</p> }]), '/');
    expect(await screen.findByText('own')).toBeTruthy();
    expect(screen.queryByText('Etwas ist schiefgegangen')).toBeNull();
    expect(telemetry.recorded).toEqual([]);
  });

  it('guards every route of the console, nested ones included', () => {
    const unguarded = (list: RouteObject[]): string[] =>
      list.flatMap((route) => [
        ...(isValidElement(route.element) && route.element.type === RouteErrorBoundary ? [] : [route.path ?? 'index']),
        ...unguarded(route.children ?? []),
      ]);
    expect(unguarded(routes)).toEqual([]);
  });
});

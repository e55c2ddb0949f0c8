import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { environmentForHost, type Environment } from '../domain/model/Environment';
import { pageTitle } from '../domain/model/pageTitle';
import { AppStability } from '../domain/lifecycle/AppStability';
import { SessionStore } from '../domain/ports/SessionStore';
import { Telemetry } from '../domain/ports/Telemetry';
import { OrdersFilterStore } from '../domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../domain/stores/OrdersListStore';
import { loadRuntimeConfig } from '../infrastructure/config/loadRuntimeConfig';
import { createI18n } from '../infrastructure/i18n/createI18n';
import { CockpitApp } from '../ui/CockpitApp';
import { resources } from '../ui/locales/resources';
import { warmRowTexts } from '../ui/orders/warmRowTexts';
import { createConsoleRouter } from '../ui/routing/consoleRouter';
import { preloadFirstScreen } from '../ui/routing/preloadFirstScreen';
import { PRODUCTION_BUILD } from './buildMode';
import { ConsoleContributions } from './ConsoleContribution';
import { createContainer } from './createContainer';
import { installErrorListeners } from './errorListeners';
import type { FirstPageRequest } from './firstPageRequest';
import { nextTask } from './nextTask';

/** What a started console holds, to shut it down again. */
export interface StartedConsole {
  environment: Environment;
  /** Resolves once the first screen is done: its route rendered with its requests answered (`AppStability.whenStable`). */
  firstScreen: Promise<void>;
  shutdown(): void;
}

/**
 * Starts the console in `root`: reads the runtime configuration (from the page), decides the
 * environment, builds the container, restores the session, starts loading what the first screen
 * shows, starts the session's lifecycle and renders the routes.
 */
export async function bootstrap(root: HTMLElement, win: Window & typeof globalThis = window, firstPage: FirstPageRequest | null = null): Promise<StartedConsole> {
  // From the page the backend wrote; `/config.json` only for a page without it.
  const config = await loadRuntimeConfig(win.fetch.bind(win), win.localStorage, win.document);
  const environment: Environment = PRODUCTION_BUILD ? environmentForHost(win.location.hostname, config.productionHost) : 'development';
  win.document.title = pageTitle(config.release, PRODUCTION_BUILD);

  // The scripts' evaluation, the console's making and its first screen's start were one task, the
  // longest before the rows: each is a task of its own now, so the browser can paint and answer in between.
  await nextTask(win);
  const i18n = createI18n(resources);
  await nextTask(win);
  const router = createConsoleRouter(win);
  await nextTask(win);
  const container = createContainer(environment, { config, router, i18n, window: win });
  // Errors are reported from here on; until OpenTelemetry has loaded (after the first paint) they wait in LazyTelemetry.
  const stopErrorListeners = installErrorListeners(win, container.get<Telemetry>(Telemetry));

  await nextTask(win);
  const session = container.get<SessionStore>(SessionStore);
  const filter = container.get(OrdersFilterStore);
  await Promise.all([session.restore(), filter.restore()]);
  await nextTask(win);
  // Every service that starts with the console, in one loop, in the order of binding
  // (`ConsoleContribution`): the live updates listening, then the session's lifecycle (a restored
  // session's stream opens at once: its request leaves first, so its first `reset` finds the first
  // list still on its way and asks nothing again), the service worker's messages. Once the first
  // screen is done, has painted and the browser is idle: the service worker's registration, the
  // update prompt and telemetry, none of which competes with the first rows.
  const contributions = new ConsoleContributions(container);
  const firstScreen = container.get(AppStability).whenStable();
  contributions.start(win, firstScreen);
  const list = container.get(OrdersListStore);
  if (firstPage && session.token === firstPage.token && session.language === firstPage.language) {
    // The entry's request for the first page, asked with the session restored here: the list takes
    // its answer when it asks for the same. It counts as a request under way, as the HttpClient's do.
    const stability = container.get(AppStability);
    stability.started();
    firstPage.page.then(
      () => stability.finished(),
      () => stability.finished(),
    );
    list.offerFirstPage(firstPage.query, firstPage.page);
  }
  // The first screen's page module and (for the orders) its first page of orders, side by side now,
  // not one after the other once the router has rendered.
  preloadFirstScreen(win.location, session.isSignedIn, list);
  if (session.isSignedIn) {
    // The engine's number formatting and time-zone rules, set up by the first amount and time the
    // rows show, in tasks of their own while that page is on its way, not in the task that writes them.
    warmRowTexts(session.language, win);
  }

  await nextTask(win);
  const reactRoot = createRoot(root);
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
  // browser in between (a plain first render is one task, however long), and the shell paints
  // while the rows' answer is on its way.
  startTransition(() => reactRoot.render(<CockpitApp services={container} router={router} i18n={i18n} />));
  return {
    environment,
    firstScreen,
    shutdown() {
      reactRoot.unmount();
      contributions.dispose();
      router.dispose();
      stopErrorListeners();
    },
  };
}

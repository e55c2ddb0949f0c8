import { environmentForHost, type Environment } from '../domain/model/Environment';
import { pageTitle } from '../domain/model/pageTitle';
import { AppStability } from '../domain/lifecycle/AppStability';
import { ScreenWidth } from '../domain/ports/ScreenWidth';
import { SessionStore } from '../domain/ports/SessionStore';
import { Telemetry } from '../domain/ports/Telemetry';
import { OrdersFilterStore } from '../domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../domain/stores/OrdersListStore';
import { loadRuntimeConfig } from '../infrastructure/config/loadRuntimeConfig';
import { createI18n } from '../infrastructure/i18n/createI18n';
import { resources } from '../ui/locales/resources';
import { warmRowTexts } from '../ui/orders/warmRowTexts';
import { createConsoleRouter } from '../ui/routing/consoleRouter';
import { preloadFirstScreen } from '../ui/routing/preloadFirstScreen';
import { PRODUCTION_BUILD } from './buildMode';
import { ConsoleContributions } from './ConsoleContribution';
import { createContainer } from './createContainer';
import { installErrorListeners } from './errorListeners';
import { nextTask } from './nextTask';

/** What a started console holds, to shut it down again. */
export interface StartedConsole {
  environment: Environment;
  /** Resolves once the first screen is done: its route rendered with its requests answered (`AppStability.whenStable`). */
  firstScreen: Promise<void>;
  shutdown(): void;
}

/**
 * The console's start, in the order it happens: the runtime configuration (from the page), the
 * environment, the texts, the routes and the container; the session and the orders filter restored
 * by their stores; then, side by side, what the first screen waits for (the page's code, the shell
 * and, on the orders, their first page, asked by the list store itself); the services that start
 * with the console; and last React, which renders while those are on their way. Each step is a
 * task of its own, so the browser can paint and take input in between.
 */
export async function bootstrap(root: HTMLElement, win: Window & typeof globalThis = window): Promise<StartedConsole> {
  // From the page the backend wrote; `/config.json` only for a page without it.
  const config = await loadRuntimeConfig(win.fetch.bind(win), win.localStorage, win.document);
  const environment: Environment = PRODUCTION_BUILD ? environmentForHost(win.location.hostname, config.productionHost) : 'development';
  win.document.title = pageTitle(config.release, PRODUCTION_BUILD);

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
  await Promise.all([session.restore(), container.get(OrdersFilterStore).restore()]);
  // What the first screen waits for, side by side, asked for first: the page's code, the shell and,
  // on the orders, their first page (the list store's own request) and on a phone the cards' code.
  preloadFirstScreen(win.location, session.isSignedIn, container.get(OrdersListStore), container.get<ScreenWidth>(ScreenWidth).current === 'phone');
  // Then every service that starts with the console, in one loop, in the order of binding
  // (`ConsoleContribution`): the live updates listening, the session's lifecycle (a restored
  // session's stream opens at once; its first `reset` finds the first page on its way, or reads it
  // again once when it came first), the service worker's messages. Once the first screen is done,
  // has painted and the browser is idle: the service worker's registration, the update prompt and
  // telemetry. Their first steps are in this task too, so an answer to the requests above (a 401
  // among them) finds them listening.
  const contributions = new ConsoleContributions(container);
  const firstScreen = container.get(AppStability).whenStable();
  contributions.start(win, firstScreen);
  if (session.isSignedIn) {
    // The engine's number formatting and time-zone rules, set up in tasks of their own while the
    // first page is on its way, not in the task that writes the rows.
    warmRowTexts(session.language, win);
  }

  await nextTask(win);
  const { renderConsole } = await import(/* webpackMode: "eager" */ './renderConsole');
  await nextTask(win);
  const unmount = renderConsole(root, container, router, i18n);
  return {
    environment,
    firstScreen,
    shutdown() {
      unmount();
      contributions.dispose();
      router.dispose();
      stopErrorListeners();
    },
  };
}

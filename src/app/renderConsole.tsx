import type { i18n } from 'i18next';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { CockpitApp } from '../ui/CockpitApp';
import type { ConsoleRouter } from '../ui/routing/consoleRouter';
import type { ServiceLocator } from '../ui/services/ServiceContext';

/**
 * Renders the console's React tree into `root` and returns how to take it away again. A transition:
 * React renders the first screen in slices of a few milliseconds, yielding to the browser in
 * between (a plain first render is one task, however long).
 */
export function renderConsole(root: HTMLElement, services: ServiceLocator, router: ConsoleRouter, texts: i18n): () => void {
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(<CockpitApp services={services} router={router} i18n={texts} />));
  return () => reactRoot.unmount();
}

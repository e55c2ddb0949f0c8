/** A page whose services come with its chunk. */
export type ServicedPage = 'orders' | 'planning' | 'settings' | 'users';

const loaders = new Map<ServicedPage, () => Promise<void>>();

/**
 * Names what brings `page`'s services into the console's container: the composition root imports
 * the page's container module (into the page's chunk) and loads it. Called once at start, before
 * any page is imported.
 */
export function providePageServices(page: ServicedPage, load: () => Promise<void>): void {
  loaders.set(page, load);
}

/** Brings `page`'s services (nothing to bring where none were provided, as in a test's container holding them all). */
export function pageServices(page: ServicedPage): Promise<void> {
  return loaders.get(page)?.() ?? Promise.resolve();
}

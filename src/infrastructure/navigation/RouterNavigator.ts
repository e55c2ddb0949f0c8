import type { Navigator } from '../../domain/ports/Navigator';

/**
 * What RouterNavigator needs of the console's router (`ConsoleRouter`: react-router's declarative
 * router on the browser's history, its navigate function handed out by a component inside it).
 */
export interface NavigableRouter {
  readonly state: { location: { pathname: string; search: string } };
  navigate(to: string, options?: { replace?: boolean }): Promise<void> | void;
}

/** Navigator on the console's router. */
export class RouterNavigator implements Navigator {
  constructor(private readonly router: NavigableRouter) {}

  get currentPath(): string {
    const { pathname, search } = this.router.state.location;
    return `${pathname}${search}`;
  }

  navigate(path: string, options?: { replace?: boolean }): void {
    void this.router.navigate(path, options);
  }
}

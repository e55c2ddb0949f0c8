/** Where react-router goes to: a path with its query; `replace` takes the current entry's place. */
export type RouterNavigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * The console's router as code outside React sees it (the Navigator port's adapter, the start):
 * where the browser is and how to go elsewhere. The routes are react-router's declarative ones
 * (`<BrowserRouter>`, `ConsoleRoutes`), whose navigate function only exists inside the router: a
 * small component there (`RouterBridge`) attaches it. Until it has (the start, before the first
 * render's effects), navigations wait, in order, and are made when it attaches.
 */
export interface ConsoleRouter {
  /** The window whose history the routes follow. */
  readonly window: Window;
  /** The browser's location, which is the router's: react-router's browser history reads it. */
  readonly state: { readonly location: { readonly pathname: string; readonly search: string } };
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Hands over react-router's navigate function; the returned function takes it back. */
  attach(navigate: RouterNavigate): () => void;
  /** No further navigations (the console stops). */
  dispose(): void;
}

/** The console's router on `win`'s history. */
export function createConsoleRouter(win: Window): ConsoleRouter {
  let attached: RouterNavigate | undefined;
  let disposed = false;
  const waiting: [string, { replace?: boolean } | undefined][] = [];
  return {
    window: win,
    state: {
      get location() {
        return win.location;
      },
    },
    navigate(to, options) {
      if (disposed) {
        return;
      }
      if (attached) {
        attached(to, options);
      } else {
        waiting.push([to, options]);
      }
    },
    attach(navigate) {
      attached = navigate;
      for (const [to, options] of waiting.splice(0)) {
        navigate(to, options);
      }
      return () => {
        if (attached === navigate) {
          attached = undefined;
        }
      };
    },
    dispose() {
      disposed = true;
      attached = undefined;
      waiting.length = 0;
    },
  };
}

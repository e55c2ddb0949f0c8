import { useEffect } from 'react';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router-dom';
import type { ConsoleRouter } from './consoleRouter';
import { routes } from './routes';

/**
 * The console's routes on the browser's history: react-router's declarative router (no data
 * router: the console has no loaders, actions or fetchers, and their code stays out of the build).
 */
export function ConsoleRoutes({ router }: { router: ConsoleRouter }) {
  return (
    <BrowserRouter window={router.window}>
      <RouterBridge router={router} />
      <RouteElements />
    </BrowserRouter>
  );
}

function RouteElements() {
  return useRoutes(routes);
}

/** Gives code outside React (the Navigator) react-router's navigate function. */
export function RouterBridge({ router }: { router: ConsoleRouter }) {
  const navigate = useNavigate();
  useEffect(() => router.attach((to, options) => void navigate(to, options)), [router, navigate]);
  return null;
}

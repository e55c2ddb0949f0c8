import { firstPage } from './firstPage';
import { pageCode, shellModule } from './routeModules';

const ignore = (): void => undefined;

/**
 * Asks for the code of the page a start shows, and on a signed-in start for the shell around it, at
 * once from the entry: while the libraries are evaluated and the console is made (about a second
 * at 4× CPU throttling), not after. `preloadFirstScreen` and the routes then find it loading or
 * loaded. `signedIn`: whether a session is stored (`storedSession`), as the routes will find it.
 */
export function preloadPageCode(location: { pathname: string; search: string }, signedIn: boolean): void {
  const { page } = firstPage(location, signedIn);
  // A failure is the route's to show: its own import tries again.
  pageCode[page]().catch(ignore);
  if (page !== 'login') {
    shellModule().catch(ignore);
  }
}

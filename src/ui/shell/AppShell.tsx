import { OverlaysProvider, Spinner } from '@blueprintjs/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { HeaderToolbar } from './HeaderToolbar';
import './AppShell.css';
import './touchShell.css';

/**
 * The console's frame for signed-in pages: header toolbar on top, the page below. Its own chunk
 * (`shell`); the overlays its header, the tour, the drawer and the calendar draw with (the
 * `overlays` chunk) come after the first screen or when first opened. Blueprint's overlay stack
 * (`OverlaysProvider`, a context) lives here, not around the login page; the console uses no
 * Blueprint hotkeys, so there is no HotkeysProvider (and no hotkeys dialog) at all.
 */
export function AppShell() {
  return (
    <OverlaysProvider>
      <div className="cockpit-shell">
        <HeaderToolbar />
        <main className="cockpit-main">
          <Suspense fallback={<Spinner className="cockpit-page-spinner" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </OverlaysProvider>
  );
}

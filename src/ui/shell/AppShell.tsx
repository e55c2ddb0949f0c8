import { Spinner } from '@blueprintjs/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { HeaderToolbar } from './HeaderToolbar';
import './AppShell.css';

/** The console's frame for signed-in pages: header toolbar on top, the page below. */
export function AppShell() {
  return (
    <div className="cockpit-shell">
      <HeaderToolbar />
      <main className="cockpit-main">
        <Suspense fallback={<Spinner className="cockpit-page-spinner" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

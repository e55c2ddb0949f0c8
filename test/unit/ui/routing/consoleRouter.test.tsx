import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { RouterNavigator } from '../../../../src/infrastructure/navigation/RouterNavigator';
import { createConsoleRouter, type RouterNavigate } from '../../../../src/ui/routing/consoleRouter';
import { RouterBridge } from '../../../../src/ui/routing/ConsoleRoutes';

/** A react-router navigate function that records what it is asked. */
function recordingNavigate(): { navigate: RouterNavigate; calls: [string, { replace?: boolean } | undefined][] } {
  const calls: [string, { replace?: boolean } | undefined][] = [];
  return { navigate: (to, options) => void calls.push([to, options]), calls };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${useNavigationType()} ${location.pathname}${location.search}`}</p>;
}

describe('createConsoleRouter', () => {
  it('reads the location of its window', () => {
    window.history.replaceState(null, '', '/orders/7?status=OPEN');
    const router = createConsoleRouter(window);
    expect(router.window).toBe(window);
    expect(router.state.location.pathname).toBe('/orders/7');
    expect(router.state.location.search).toBe('?status=OPEN');
    window.history.replaceState(null, '', '/settings');
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('keeps navigations asked before the router attached, and makes them in order when it does', () => {
    const router = createConsoleRouter(window);
    router.navigate('/login?returnTo=%2Forders', { replace: true });
    router.navigate('/settings');
    const { navigate, calls } = recordingNavigate();
    router.attach(navigate);
    expect(calls).toEqual([
      ['/login?returnTo=%2Forders', { replace: true }],
      ['/settings', undefined],
    ]);
    router.navigate('/orders');
    expect(calls.at(-1)).toEqual(['/orders', undefined]);
  });

  it('waits again once detached, for the next navigate function', () => {
    const router = createConsoleRouter(window);
    const first = recordingNavigate();
    const detach = router.attach(first.navigate);
    const second = recordingNavigate();
    // A later one (the location changed) replaces it; the earlier detach leaves it alone.
    const detachSecond = router.attach(second.navigate);
    detach();
    router.navigate('/orders');
    expect(second.calls).toEqual([['/orders', undefined]]);
    detachSecond();
    router.navigate('/settings');
    expect(second.calls).toHaveLength(1);
    const third = recordingNavigate();
    router.attach(third.navigate);
    expect(third.calls).toEqual([['/settings', undefined]]);
    expect(first.calls).toEqual([]);
  });

  it('navigates no more once disposed', () => {
    const router = createConsoleRouter(window);
    router.navigate('/settings');
    router.dispose();
    router.navigate('/orders');
    const { navigate, calls } = recordingNavigate();
    router.attach(navigate);
    expect(calls).toEqual([]);
  });
});

describe('RouterBridge and RouterNavigator', () => {
  function renderRouter(path: string) {
    const router = createConsoleRouter(window);
    const navigator = new RouterNavigator(router);
    // What the Navigator asks before the router is on screen waits for it.
    navigator.navigate('/orders?status=OPEN');
    render(
      <MemoryRouter initialEntries={[path]}>
        <RouterBridge router={router} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    return navigator;
  }

  it('navigates the routes from outside React, pushing or replacing the entry', async () => {
    const navigator = renderRouter('/login');
    expect((await screen.findByTestId('where')).textContent).toBe('PUSH /orders?status=OPEN');
    act(() => navigator.navigate('/login?returnTo=%2Forders', { replace: true }));
    expect((await screen.findByTestId('where')).textContent).toBe('REPLACE /login?returnTo=%2Forders');
    act(() => navigator.navigate('/orders/42'));
    expect((await screen.findByTestId('where')).textContent).toBe('PUSH /orders/42');
  });

  it('tells the browser’s path with its query as the current path', () => {
    window.history.replaceState(null, '', '/orders?search=Golf');
    const navigator = new RouterNavigator(createConsoleRouter(window));
    expect(navigator.currentPath).toBe('/orders?search=Golf');
  });
});

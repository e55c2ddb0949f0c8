import { observable, runInAction } from 'mobx';
import { useEffect } from 'react';
import { AppStability } from '../../domain/lifecycle/AppStability';
import { afterFirstScreen } from '../routing/afterFirstScreen';
import { loadOnce } from '../routing/loadOnce';
import { useService } from '../services/useService';

export type OverlayComponents = typeof import('./overlayComponents');

/** The overlay components once they have arrived (observable: every header part that waits for them draws again). */
const arrived = observable.box<OverlayComponents | null>(null, { deep: false });

const ignore = (): void => undefined;

/**
 * The header's overlay components (tooltip, popover, menu: the `overlays` chunk), imported once. A
 * failed import is forgotten, so the next call tries again.
 */
export const loadOverlays = loadOnce(() =>
  import('./overlayComponents').then((module) => {
    runInAction(() => arrived.set(module));
    return module;
  }),
);

/** Loads the overlays at once (an operator who opens a menu before they came by themselves). */
const loadNow = (): void => void loadOverlays().catch(ignore);

/**
 * For an `observer`: Blueprint's overlay components once they have arrived, else null (draw without
 * them then), and what loads them at once. They are loaded once the first screen is done, has
 * painted and the browser is idle (`afterFirstScreen`), so the header's tooltip and menu never hold
 * up the first rows.
 */
export function useOverlays(): [OverlayComponents | null, () => void] {
  const stability = useService(AppStability);
  const overlays = arrived.get();
  useEffect(() => {
    if (!arrived.get()) {
      afterFirstScreen(window, stability.whenStable(), loadNow);
    }
  }, [stability]);
  return [overlays, loadNow];
}

import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/**
 * The console's toaster (bottom centre, at most five). Imported on the first toast, in the
 * `overlays` chunk with the rest of Blueprint's overlays: a page that shows no toast loads none of it.
 */
export function createToaster(): Promise<Toaster> {
  return OverlayToaster.create({ position: Position.BOTTOM, maxToasts: 5 });
}

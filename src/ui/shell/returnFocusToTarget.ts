/** What a popover's target wrapper may hold that takes the focus back. */
const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * After a popover closed: when the focus was left nowhere (on the body, on an element no longer in
 * the document such as the plain button drawn before the overlays arrived, or inside the closed
 * popover `closed`, about to leave the document: a menu item chosen), it goes to the first focusable
 * element of the popover's target, the button that opened it. Focus the operator moved elsewhere
 * meanwhile (a click outside on another control) stays there.
 */
export function returnFocusToTarget(target: HTMLElement | null | undefined, document: Document, closed?: HTMLElement | null): void {
  if (!target) {
    return;
  }
  const active = document.activeElement;
  const leftNowhere = !active || active === document.body || !active.isConnected || (closed?.contains(active) ?? false);
  if (!leftNowhere) {
    return;
  }
  const focusable = target.matches(FOCUSABLE) ? target : target.querySelector<HTMLElement>(FOCUSABLE);
  focusable?.focus();
}

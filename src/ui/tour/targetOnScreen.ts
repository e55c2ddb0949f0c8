/** A rectangle in viewport coordinates. */
export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** The width and height of the viewport. */
export interface Size {
  width: number;
  height: number;
}

export function viewportSize(): Size {
  return { width: window.innerWidth, height: window.innerHeight };
}

/** True when a rectangle has a size and at least part of it lies inside the viewport. */
export function isOnScreen(rect: Box, viewport: Size): boolean {
  return (
    rect.width > 0 &&
    rect.height > 0 &&
    rect.left + rect.width > 0 &&
    rect.top + rect.height > 0 &&
    rect.left < viewport.width &&
    rect.top < viewport.height
  );
}

/** The first element marked `data-tour="<target>"` that is on screen, or null. */
export function findShownTarget(target: string, root: ParentNode = document): HTMLElement | null {
  const viewport = viewportSize();
  for (const element of root.querySelectorAll<HTMLElement>(`[data-tour="${target}"]`)) {
    if (isOnScreen(element.getBoundingClientRect(), viewport)) {
      return element;
    }
  }
  return null;
}

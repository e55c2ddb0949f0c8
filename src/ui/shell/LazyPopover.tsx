import type { PopoverProps } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useState, type ReactElement } from 'react';
import { useOverlays, type OverlayComponents } from './useOverlays';

export interface LazyPopoverProps {
  /** The button that opens the popover; `onClick` is given while the overlays have not arrived. */
  target(onClick?: () => void): ReactElement;
  /** What the popover shows, drawn with the overlay components. */
  content(overlays: OverlayComponents): ReactElement;
  placement?: PopoverProps['placement'];
  /** Called whenever the popover begins to open (also when it was clicked before the overlays arrived). */
  onOpening?(): void;
}

/**
 * A popover whose code comes with the overlays after the first screen (`useOverlays`): until then its
 * target is a plain button, and a click on it loads the overlays and opens the popover when they have
 * arrived.
 */
export const LazyPopover = observer(function LazyPopover({ target, content, placement = 'bottom-start', onOpening }: LazyPopoverProps) {
  const [overlays, loadOverlays] = useOverlays();
  const [openedEarly, setOpenedEarly] = useState(false);
  if (!overlays) {
    return target(() => {
      setOpenedEarly(true);
      onOpening?.();
      loadOverlays();
    });
  }
  const { Popover } = overlays;
  return (
    <Popover placement={placement} defaultIsOpen={openedEarly} onOpening={() => onOpening?.()} content={content(overlays)}>
      {target()}
    </Popover>
  );
});

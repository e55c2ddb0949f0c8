import type { Popover as BlueprintPopover, PopoverProps } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useRef, useState, type ReactElement } from 'react';
import { returnFocusToTarget } from './returnFocusToTarget';
import { useOverlays, type OverlayComponents } from './useOverlays';
import './LazyPopover.css';

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
 * arrived. When the popover closes, the focus goes back to its button (Blueprint's
 * `shouldReturnFocusOnClose`, and `returnFocusToTarget` for a popover opened before the overlays
 * arrived, whose first button is gone by then).
 */
export const LazyPopover = observer(function LazyPopover({ target, content, placement = 'bottom-start', onOpening }: LazyPopoverProps) {
  const [overlays, loadOverlays] = useOverlays();
  const [openedEarly, setOpenedEarly] = useState(false);
  const popover = useRef<BlueprintPopover>(null);
  if (!overlays) {
    return target(() => {
      setOpenedEarly(true);
      onOpening?.();
      loadOverlays();
    });
  }
  const { Popover } = overlays;
  return (
    <Popover
      ref={popover}
      placement={placement}
      defaultIsOpen={openedEarly}
      shouldReturnFocusOnClose
      onOpening={() => onOpening?.()}
      onClosed={(closed) => returnFocusToTarget(popover.current?.targetRef.current, document, closed)}
      content={content(overlays)}
    >
      {target()}
    </Popover>
  );
});

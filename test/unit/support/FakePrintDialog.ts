import type { PrintDialog } from '../../../src/domain/ports/PrintDialog';

/** Counts the print dialogs asked for; `onOpen` sees the page as it is when one would open. */
export class FakePrintDialog implements PrintDialog {
  opened = 0;
  onOpen: (() => void) | null = null;

  open(): void {
    this.opened++;
    this.onOpen?.();
  }
}

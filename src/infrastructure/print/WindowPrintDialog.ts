import type { PrintDialog } from '../../domain/ports/PrintDialog';

/** PrintDialog over `window.print()`. */
export class WindowPrintDialog implements PrintDialog {
  constructor(private readonly window: Pick<Window, 'print'>) {}

  open(): void {
    this.window.print();
  }
}

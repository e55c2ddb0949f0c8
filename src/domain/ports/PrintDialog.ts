/** The browser's print dialog (what Ctrl/Cmd+P opens), for the Print buttons. */
export interface PrintDialog {
  /** Opens the dialog for what the page prints now; returns when the browser does (it may block until the dialog closes). */
  open(): void;
}

export const PrintDialog = Symbol('PrintDialog');

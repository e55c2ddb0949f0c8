import type { FirstPageRequest } from './firstPageRequest';
import type { FirstRowsHandOver } from './previewFirstRows';

/**
 * The preview of the first rows (`previewFirstRows`), from its chunk: null when the chunk cannot be
 * loaded (the console shows its rows a moment later, as it always did).
 */
export function loadFirstRowsPreview(doc: Document, root: HTMLElement, firstPage: FirstPageRequest): Promise<FirstRowsHandOver | null> {
  return import(/* webpackChunkName: "first-rows" */ './previewFirstRows').then(
    ({ previewFirstRows }) => previewFirstRows(doc, root, firstPage),
    () => null,
  );
}

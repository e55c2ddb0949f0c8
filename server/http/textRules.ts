/**
 * What text the API takes. PostgreSQL refuses U+0000 in text, and no field of an order or a query
 * has a use for other control characters, so they are refused where the request arrives (400 naming
 * the field) instead of failing in the database. Lone UTF-16 surrogates are no text either.
 */

/** C0 controls, DEL and C1 controls: what a single line may not contain. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but for line feed, carriage return and tab: what multi-line text (notes) may not contain. */
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** One line of text: no control characters, well-formed. */
export function isSingleLineText(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/** Text that may span lines: newlines, carriage returns and tabs, but no other control characters. */
export function isMultiLineText(value: string): boolean {
  return !CONTROL_BUT_LINES.test(value) && !LONE_SURROGATE.test(value);
}

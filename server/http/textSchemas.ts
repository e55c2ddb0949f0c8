/**
 * The JSON schemas of text in requests, so that every route states the same rules: a format that
 * says which characters are allowed (see textRules.ts, checked by requestValidation.ts) and, where
 * the schema is the place for it, the length in characters. (Lengths that a handler checks together
 * with other values, such as an order's notes, are stated in the OpenAPI document and checked there.)
 */

interface TextLimits {
  maxLength?: number;
  minLength?: number;
}

function limits({ maxLength, minLength }: TextLimits) {
  return { ...(maxLength !== undefined ? { maxLength } : {}), ...(minLength !== undefined ? { minLength } : {}) };
}

/** One line of text, without control characters. */
export function singleLineText(lengths: TextLimits = {}) {
  return { type: 'string', format: 'text', ...limits(lengths) } as const;
}

/** Text that may hold newlines and tabs, but no other control characters. */
export function multiLineText(lengths: TextLimits = {}) {
  return { type: 'string', format: 'multiline-text', ...limits(lengths) } as const;
}

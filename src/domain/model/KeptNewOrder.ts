import { NEW_ORDER_FIELDS, type NewOrderField } from '../../../shared/orderFields';

/** The fields of a new order as typed in its dialog; only those with text are kept. */
export type NewOrderFields = Partial<Record<NewOrderField, string>>;

/**
 * A new order the operator was entering when their session ended, kept in the browser for its user
 * so that it is not lost: the dialog's fields as typed, the order it was cloned from (its number),
 * and when it was kept (ms since the epoch).
 */
export interface KeptNewOrder {
  fields: NewOrderFields;
  clonedFrom: string | null;
  keptAt: number;
}


function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The typed fields of `value` (texts that are not empty); anything else is dropped. */
export function newOrderFields(value: unknown): NewOrderFields {
  const fields: NewOrderFields = {};
  if (isRecord(value)) {
    for (const field of NEW_ORDER_FIELDS) {
      const text = value[field];
      if (typeof text === 'string' && text !== '') fields[field] = text;
    }
  }
  return fields;
}

/** Something read back from storage as a kept new order, or null when it is none (or holds nothing). */
export function readKeptNewOrder(value: unknown): KeptNewOrder | null {
  if (!isRecord(value)) return null;
  const fields = newOrderFields(value.fields);
  const { clonedFrom, keptAt } = value;
  if (Object.keys(fields).length === 0 || typeof keptAt !== 'number' || !Number.isFinite(keptAt) || (clonedFrom !== null && typeof clonedFrom !== 'string')) {
    return null;
  }
  return { fields, clonedFrom, keptAt };
}

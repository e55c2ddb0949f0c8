import type { Order } from '../../../shared/Order';
import { EDITABLE_ORDER_FIELDS, type EditableOrderField } from './changedFields';

/** The changed fields of an edit: only those the operator changed. */
export type EditedFields = Partial<Pick<Order, EditableOrderField>>;

/**
 * An order's edit the operator has not saved, kept in the browser for its user so that a session
 * ending meanwhile does not lose it: which order, the version it was made on, the changed fields
 * only, and when it was kept (ms since the epoch).
 */
export interface UnsavedEdit {
  orderId: string;
  /** The order's number, to name it when the edit is offered back. */
  orderNumber: string;
  /** The order's version the edit was made on: a save names it, so a newer order is a conflict. */
  baseVersion: number;
  fields: EditedFields;
  keptAt: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The editable fields of `value` that are strings; anything else in it is dropped. */
export function editedFields(value: unknown): EditedFields {
  const fields: EditedFields = {};
  if (isRecord(value)) {
    for (const field of EDITABLE_ORDER_FIELDS) {
      const text = value[field];
      if (typeof text === 'string') {
        fields[field] = text;
      }
    }
  }
  return fields;
}

/** Something read back from storage as an edit, or null when it is none (or changes nothing). */
export function readUnsavedEdit(value: unknown): UnsavedEdit | null {
  if (!isRecord(value)) {
    return null;
  }
  const { orderId, orderNumber, baseVersion, keptAt } = value;
  const fields = editedFields(value.fields);
  if (
    typeof orderId !== 'string' ||
    typeof orderNumber !== 'string' ||
    typeof baseVersion !== 'number' ||
    !Number.isInteger(baseVersion) ||
    typeof keptAt !== 'number' ||
    !Number.isFinite(keptAt) ||
    Object.keys(fields).length === 0
  ) {
    return null;
  }
  return { orderId, orderNumber, baseVersion, fields, keptAt };
}

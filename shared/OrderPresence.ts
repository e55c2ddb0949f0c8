/** The fields of an order someone may be editing, as presence names them. */
export const PRESENCE_FIELDS = ['status', 'notes', 'begin', 'end', 'station'] as const;

export type PresenceField = (typeof PRESENCE_FIELDS)[number];

/** One person who has an order open, and the field they are editing (null: looking only). */
export interface PresentUser {
  userId: string;
  name: string;
  editing: PresenceField | null;
}

/** The data of a `presence` event: everyone who has the order open now (none: the last one left). */
export interface OrderPresence {
  orderId: string;
  present: PresentUser[];
}

/** Whether `value` is one of the fields presence names. */
export function isPresenceField(value: unknown): value is PresenceField {
  return typeof value === 'string' && (PRESENCE_FIELDS as readonly string[]).includes(value);
}

import type { KeptNewOrder } from '../model/KeptNewOrder';

/**
 * The new orders operators were entering when their sessions ended, kept in this browser by user id
 * (one per user). A user's is read only under that user's id; another user signing in on this
 * browser deletes it.
 */
export interface UnsavedNewOrders {
  read(userId: string): KeptNewOrder | null;
  keep(userId: string, order: KeptNewOrder): void;
  remove(userId: string): void;
  /** Deletes those of every user but `userId`. */
  forgetOthers(userId: string): void;
}

export const UnsavedNewOrders = Symbol('UnsavedNewOrders');

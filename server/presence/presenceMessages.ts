import { isPresenceField, type PresenceField } from '../../shared/OrderPresence';

/** The PostgreSQL channel on which the backend processes tell each other of presence (`pg_notify`). */
export const PRESENCE_CHANNEL = 'order_presence';

/** Whose presence on which order, held by which backend process (its lease holder name). */
export interface PresenceKey {
  tenantId: string;
  orderId: string;
  userId: string;
  process: string;
}

/**
 * What a process tells the others: `here` (opened or renewed, lasting `ttlMs` from when it is
 * heard: no clocks compared) or `gone` (closed, or the session ended).
 */
export type PresenceMessage =
  | (PresenceKey & { kind: 'here'; name: string; editing: PresenceField | null; ttlMs: number })
  | (PresenceKey & { kind: 'gone' });

export function presenceMessageText(message: PresenceMessage): string {
  return JSON.stringify(message);
}

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 200;

/** The message in a notification's payload, or null when it is none. */
export function readPresenceMessage(payload: string): PresenceMessage | null {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { kind, tenantId, orderId, userId, process } = value;
  if (!text(tenantId) || !text(orderId) || !text(userId) || !text(process)) return null;
  const key = { tenantId, orderId, userId, process };
  if (kind === 'gone') return { kind, ...key };
  const { name, editing, ttlMs } = value;
  if (kind !== 'here' || typeof name !== 'string' || (editing !== null && !isPresenceField(editing))) return null;
  if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs <= 0) return null;
  return { kind, ...key, name, editing, ttlMs };
}

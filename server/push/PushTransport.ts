/** Where a push message goes: the subscription's endpoint and the browser's keys (RFC 8291). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushSendOptions {
  /** How long the push service keeps the message for a browser that is offline, in seconds. */
  ttlSeconds: number;
  urgency: PushUrgency;
}

/** The push service's answer: its status and, with a 429 or 503, its `Retry-After` as sent. */
export interface PushAnswer {
  statusCode: number;
  retryAfter?: string;
}

/**
 * Delivers one encrypted, VAPID-signed message to a push service. Answers whatever status the push
 * service gave (also 4xx and 5xx); rejects only when there was no answer (network, timeout) or the
 * message could not be made (keys unusable).
 */
export interface PushTransport {
  send(target: PushTarget, payload: string, options: PushSendOptions): Promise<PushAnswer>;
}

import { Agent } from 'node:https';
import type { LookupFunction } from 'node:net';
import { sendNotification, WebPushError } from 'web-push';
import type { PushAnswer, PushSendOptions, PushTarget, PushTransport } from './PushTransport';
import type { VapidKeys } from './vapidKeys';

/** A push service that does not answer within this time is given up on (the socket's idle time). */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;

/**
 * The transport of the `web-push` package: encrypts the payload with `aes128gcm` (RFC 8291), signs a
 * VAPID token for the endpoint's origin (RFC 8292) and posts to the endpoint over HTTPS.
 */
export class WebPushTransport implements PushTransport {
  constructor(
    private readonly vapid: VapidKeys,
    /** The HTTPS agent, e.g. one trusting a test push service's certificate. Default: Node's global agent. */
    private readonly agent?: Agent,
  ) {}

  /**
   * Connects only to the addresses `lookup` answers (e.g. `PushEndpointPolicy.connectionLookup`,
   * which refuses names that resolve inward), over keep-alive connections like Node's global agent.
   */
  static resolvingWith(vapid: VapidKeys, lookup: LookupFunction): WebPushTransport {
    return new WebPushTransport(vapid, new Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000, lookup }));
  }

  async send(target: PushTarget, payload: string, options: PushSendOptions): Promise<PushAnswer> {
    try {
      const result = await sendNotification(target, payload, {
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        contentEncoding: 'aes128gcm',
        vapidDetails: this.vapid,
        timeout: PUSH_REQUEST_TIMEOUT_MS,
        ...(this.agent ? { agent: this.agent } : {}),
      });
      return { statusCode: result.statusCode };
    } catch (error) {
      if (error instanceof WebPushError) {
        const retryAfter = (error.headers as Record<string, string | string[] | undefined> | undefined)?.['retry-after'];
        const value = Array.isArray(retryAfter) ? retryAfter[0] : retryAfter;
        return value === undefined ? { statusCode: error.statusCode } : { statusCode: error.statusCode, retryAfter: value };
      }
      throw error;
    }
  }
}

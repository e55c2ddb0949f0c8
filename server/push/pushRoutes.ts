import { createECDH } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../shared/Language';
import { LAST_INSTANT } from '../../shared/instant';
import type { FieldError } from '../../shared/Problem';
import { principalOf } from '../auth/authentication';
import { requestLocale } from '../http/locale';
import { ProblemError } from '../http/ProblemError';
import { singleLineText } from '../http/textSchemas';
import type { PushEndpointPolicy } from './PushEndpointPolicy';
import type { PushSubscriptionJson, PushSubscriptionRepository } from './PushSubscriptionRepository';

/** Base64url, with or without padding (browsers send none). */
const BASE64URL = '^[A-Za-z0-9_-]+={0,2}$';
const ENDPOINT_MAX_LENGTH = 2048;

/** Text as everywhere (no control characters: the database refuses NUL), at most 2048 characters. */
const endpoint = singleLineText({ minLength: 1, maxLength: ENDPOINT_MAX_LENGTH });

/** Unknown fields are refused (400), as everywhere; so are keys of the wrong length or alphabet. */
const subscribeSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['endpoint', 'keys'],
    properties: {
      endpoint,
      // Milliseconds since the epoch (DOMHighResTimeStamp), at most the last supported instant (it is
      // stored as one); null when the push service names no end.
      expirationTime: { type: ['number', 'null'], minimum: 0, maximum: Date.parse(LAST_INSTANT) },
      keys: {
        type: 'object',
        additionalProperties: false,
        required: ['p256dh', 'auth'],
        properties: {
          // An uncompressed P-256 point: 65 bytes are 87 characters (88 with padding).
          p256dh: { type: 'string', minLength: 87, maxLength: 88, pattern: BASE64URL },
          // The authentication secret: 16 bytes (RFC 8291) are 22 characters; up to 32 bytes are taken.
          auth: { type: 'string', minLength: 22, maxLength: 44, pattern: BASE64URL },
        },
      },
    },
  },
} as const;

const unsubscribeSchema = {
  body: { type: 'object', additionalProperties: false, required: ['endpoint'], properties: { endpoint } },
} as const;

interface SubscribeBody {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

const MESSAGES = {
  httpsUrl: { en: 'must be an https URL', de: 'muss eine https-URL sein' },
  pushService: {
    en: 'must be the URL of a known push service on the public internet',
    de: 'muss die URL eines bekannten Push-Dienstes im öffentlichen Internet sein',
  },
  p256dh: { en: 'must be a P-256 public key', de: 'muss ein öffentlicher P-256-Schlüssel sein' },
} satisfies Record<string, Record<Language, string>>;

/**
 * An endpoint the `web-push` transport can deliver to: https (it sends over TLS only, so an http
 * endpoint could never be reached) without credentials in the URL.
 */
function endpointError(value: string, locale: Language): FieldError | undefined {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '') {
    return { field: 'endpoint', message: MESSAGES.httpsUrl[locale] };
  }
  return undefined;
}

/** Whether the browser's key is a point on P-256 (otherwise no message could ever be encrypted for it). */
function isP256PublicKey(value: string): boolean {
  const key = Buffer.from(value, 'base64url');
  if (key.length !== 65 || key[0] !== 0x04) {
    return false;
  }
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * Web push, behind authentication: the VAPID public key, and subscribing the caller's browser.
 * The public key needs a token like every `/api` call but login (the console asks for it signed in);
 * it is no secret (`/config.json` announces it to anyone).
 */
export function registerPushRoutes(
  app: FastifyInstance,
  deps: { subscriptions: PushSubscriptionRepository; endpoints: PushEndpointPolicy; publicKey: string; clock: () => Date },
): void {
  app.get('/api/push/public-key', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { publicKey: deps.publicKey };
  });

  app.post<{ Body: SubscribeBody }>('/api/push/subscriptions', { schema: subscribeSchema }, async (request, reply) => {
    const locale = requestLocale(request);
    const { endpoint: url, expirationTime, keys } = request.body;
    const invalidEndpoint = endpointError(url, locale);
    if (invalidEndpoint) {
      throw new ProblemError('validation', { errors: [invalidEndpoint] });
    }
    // One answer for every refusal: which names resolve, and where to, is not told.
    const verdict = await deps.endpoints.check(url);
    const errors: FieldError[] = [];
    if (!verdict.accepted) {
      request.log.warn({ host: new URL(url).host, reason: verdict.reason }, 'web push: subscription to an endpoint refused');
      errors.push({ field: 'endpoint', message: MESSAGES.pushService[locale] });
    }
    if (!isP256PublicKey(keys.p256dh)) {
      errors.push({ field: 'keys.p256dh', message: MESSAGES.p256dh[locale] });
    }
    if (errors.length > 0) {
      throw new ProblemError('invalid-value', { errors });
    }
    const principal = principalOf(request);
    const subscription: PushSubscriptionJson = { endpoint: url, expirationTime: expirationTime ?? null, keys };
    await deps.subscriptions.save(principal.tenantId, principal.userId, subscription, deps.clock());
    return reply.code(201).header('cache-control', 'no-store').send();
  });

}

/**
 * `DELETE /api/push/subscriptions`, without a token: the console sends it when its session has
 * ended (logout revoked the token, or it expired), so that the next user of the browser gets
 * nothing meant for the last. The endpoint is the proof: a capability URL the push service gave
 * this browser alone. Unknown endpoints are answered alike (204), so the answer tells nothing.
 */
export function registerPushUnsubscribeRoute(app: FastifyInstance, deps: { subscriptions: PushSubscriptionRepository }): void {
  app.delete<{ Body: { endpoint: string } }>('/api/push/subscriptions', { schema: unsubscribeSchema }, async (request, reply) => {
    await deps.subscriptions.discard(request.body.endpoint);
    return reply.code(204).send();
  });
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem, toProblem } from '../http/errorHandling';
import { ProblemError } from '../http/ProblemError';
import { type CollectorAnswer, CollectorForwarder, CollectorUnavailableError } from './CollectorForwarder';
import { logSeverities } from './logSummary';
import { ReceivedTelemetry } from './ReceivedTelemetry';
import type { Tally } from './Tally';
import { TelemetryDecodeError } from './TelemetryDecodeError';
import { MEMORY_STORE } from '../limits/LimitStore';
import { DEFAULT_TELEMETRY_RATE_LIMITS, type TelemetryLimits, type TelemetryRateLimits, TelemetryRateLimiter } from './TelemetryRateLimiter';
import type { TelemetryFormat, TelemetrySignal, TelemetrySummary } from './TelemetrySummary';
import { spanNames } from './traceSummary';

/** Telemetry bodies may be larger than the API's (docs/openapi.yaml: 5 MiB). */
export const TELEMETRY_BODY_LIMIT = 5 * 1024 * 1024;

/** `POST /v1/traces` and `POST /v1/logs`. */
export interface TelemetryOptions {
  /**
   * Base URL of an OpenTelemetry Collector (OTEL_EXPORTER_OTLP_ENDPOINT, e.g. `http://collector:4318`):
   * requests are forwarded there unchanged. Unset: they are decoded and summarised in the log.
   */
  collectorEndpoint?: string;
  /** How long to wait for the collector. Default 10 s. */
  collectorTimeoutMs?: number;
  /** Flood limits. Default: 60 requests per client address and 600 overall per 10 s. */
  rateLimits?: Partial<TelemetryRateLimits>;
  /** Where the summaries are kept. Default: a store of its own. */
  received?: ReceivedTelemetry;
}

const FORMATS: Readonly<Record<string, TelemetryFormat>> = {
  'application/x-protobuf': 'protobuf',
  'application/json': 'json',
};

const NOUNS: Record<TelemetrySignal, [one: string, more: string]> = { traces: ['span', 'spans'], logs: ['log record', 'log records'] };

/** How many span names or severities a log line names. */
const LOGGED_COUNTS = 10;

/** The flood limits of `options`, the defaults filled in. */
export function telemetryRateLimits(options: TelemetryOptions | undefined): TelemetryRateLimits {
  return { ...DEFAULT_TELEMETRY_RATE_LIMITS, ...options?.rateLimits };
}

function formatOf(contentType: string | undefined): TelemetryFormat | undefined {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return Object.hasOwn(FORMATS, mediaType) ? FORMATS[mediaType] : undefined;
}

function describe(signal: TelemetrySignal, counts: Tally): string {
  const shown = counts.entries(LOGGED_COUNTS).map(({ key, count }) => `${key || '(unnamed)'} ×${count}`);
  const more = counts.entries().length - shown.length;
  const list = shown.join(', ') + (more > 0 ? `, and ${more} more` : '');
  const noun = NOUNS[signal][counts.total === 1 ? 0 : 1];
  return `telemetry: ${counts.total} ${noun}${list ? `: ${list}` : ''}`;
}

function passBack(reply: FastifyReply, answer: CollectorAnswer, requestType: string): FastifyReply {
  // A collector's 2xx is the console's 200 (OTLP/HTTP knows no other success); failures pass as they are.
  reply.code(answer.status >= 200 && answer.status < 300 ? 200 : answer.status);
  // OTLP answers in the request's encoding: an answer that names no type (often empty, an empty
  // message) is said to be in it, not sent as bytes of no kind.
  reply.type(answer.contentType ?? requestType);
  if (answer.retryAfter) reply.header('retry-after', answer.retryAfter);
  return reply.send(answer.body);
}

/**
 * The OTLP/HTTP receivers of the console's telemetry, on its own origin and without a token. They live
 * in a plugin of their own: it reads bodies of both OTLP encodings as raw bytes up to 5 MiB, and its
 * parsers, limit and error texts do not touch the API's (JSON only, 1 MiB).
 */
export async function registerTelemetryRoutes(
  app: FastifyInstance,
  deps: { clock: () => Date; options?: TelemetryOptions; limiter?: TelemetryLimits },
): Promise<void> {
  const options = deps.options ?? {};
  const forwarder = options.collectorEndpoint ? new CollectorForwarder(options.collectorEndpoint, options.collectorTimeoutMs) : undefined;
  const received = options.received ?? new ReceivedTelemetry();
  // The app passes the backend's (telemetryLimiterFor.ts: shared in the database on PostgreSQL); otherwise this process counts alone.
  const limiter = deps.limiter ?? new TelemetryRateLimiter(MEMORY_STORE, telemetryRateLimits(options));

  const summarise = (signal: TelemetrySignal, format: TelemetryFormat, body: Buffer, request: FastifyRequest) => {
    let counts: Tally;
    try {
      counts = signal === 'traces' ? spanNames(body, format) : logSeverities(body, format);
    } catch (error) {
      if (error instanceof TelemetryDecodeError) {
        request.log.debug({ reason: error.message, signal, format }, 'undecodable telemetry refused');
        throw new ProblemError('malformed-telemetry');
      }
      throw error;
    }
    const summary: TelemetrySummary = {
      signal,
      format,
      receivedAt: deps.clock().toISOString(),
      bytes: body.length,
      items: counts.total,
      counts: counts.entries(),
    };
    received.add(summary);
    request.log.info({ telemetry: { ...summary, counts: counts.entries(LOGGED_COUNTS) } }, describe(signal, counts));
  };

  const receive = async (signal: TelemetrySignal, request: FastifyRequest, reply: FastifyReply) => {
    const contentType = request.headers['content-type'];
    const format = formatOf(contentType);
    if (contentType === undefined || format === undefined) {
      throw new ProblemError('unsupported-telemetry-type');
    }
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const contentEncoding = request.headers['content-encoding'];
    if (forwarder) {
      try {
        return passBack(reply, await forwarder.forward(signal, body, contentType, contentEncoding), contentType);
      } catch (error) {
        if (error instanceof CollectorUnavailableError) {
          request.log.warn({ err: error.cause, collector: error.url }, error.message);
          throw new ProblemError('collector-unavailable');
        }
        throw error;
      }
    }
    // Only a collector would unpack compressed bodies; the console's exporters send them plain.
    if (contentEncoding !== undefined && contentEncoding.trim().toLowerCase() !== 'identity') {
      throw new ProblemError('unsupported-telemetry-type');
    }
    summarise(signal, format, body, request);
    // An empty ExportTraceServiceResponse / ExportLogsServiceResponse in the encoding of the request.
    return format === 'json'
      ? reply.code(200).type('application/json').send('{}')
      : reply.code(200).type('application/x-protobuf').send(Buffer.alloc(0));
  };

  await app.register(async (telemetry) => {
    telemetry.removeAllContentTypeParsers();
    telemetry.addContentTypeParser(Object.keys(FORMATS), { parseAs: 'buffer', bodyLimit: TELEMETRY_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    telemetry.setErrorHandler(async (error: FastifyError, request, reply) => {
      const problem =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? new ProblemError('unsupported-telemetry-type')
          : toProblem(error, request, TELEMETRY_BODY_LIMIT);
      if (problem.status >= 500 && problem.kind !== 'collector-unavailable') {
        request.log.error({ err: error }, 'request failed');
      }
      return sendProblem(request, reply, problem);
    });
    // Before the body is read: a flood costs no parsing.
    telemetry.addHook('onRequest', async (request) => {
      const retryAfterSeconds = await limiter.take(request.ip);
      if (retryAfterSeconds > 0) {
        throw new ProblemError('too-many-telemetry-requests', {
          params: { retryAfterSeconds },
          headers: { 'retry-after': String(retryAfterSeconds) },
        });
      }
    });
    for (const signal of ['traces', 'logs'] as const) {
      telemetry.post(`/v1/${signal}`, { bodyLimit: TELEMETRY_BODY_LIMIT }, (request, reply) => receive(signal, request, reply));
    }
  });
}

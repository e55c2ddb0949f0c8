import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../../server/app';
import { randomKey } from '../../../server/auth/signingKey';
import type { RunningServer } from '../../../server/startServer';
import type { TelemetryOptions } from '../../../server/telemetry/telemetryRoutes';

export const PROTOBUF = 'application/x-protobuf';
export const JSON_TYPE = 'application/json';
export const MIB = 1024 * 1024;

export interface PostOptions {
  /** Sent as it is; none when undefined. */
  contentType?: string;
  headers?: Record<string, string>;
}

/** `POST {base}/v1/{signal}` without a token, as the console's exporters send it. */
export function postTelemetry(
  base: RunningServer | string,
  signal: 'traces' | 'logs',
  body: Uint8Array | string,
  options: PostOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.contentType !== undefined) headers['content-type'] = options.contentType;
  const url = typeof base === 'string' ? base : base.url;
  return fetch(`${url}/v1/${signal}`, { method: 'POST', headers, body });
}

/** A second app on the server's database with telemetry options of its own, listening on loopback. */
export async function startTelemetryApp(
  server: RunningServer,
  telemetry: TelemetryOptions,
  options: Pick<AppOptions, 'clock' | 'logger'> = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({
    database: server.database,
    jwtKey: randomKey(),
    staticDir: '/nonexistent/order-cockpit-dist',
    release: 'x',
    productionHost: 'x',
    ...options,
    telemetry,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

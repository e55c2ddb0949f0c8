import type { FastifyServerOptions } from 'fastify';
import { redactLogLine } from './redactLogLine';

type LoggerOption = FastifyServerOptions['logger'];

/**
 * Fastify's logger option with every line passing `redactLogLine` just before it is written (pino's
 * `hooks.streamWrite`), whatever logged it: request and error logs, plugins, the telemetry summaries.
 * A `streamWrite` hook of the option itself runs first. No logging stays no logging.
 */
export function redactingLogger(logger: LoggerOption): LoggerOption {
  if (!logger) {
    return false;
  }
  const options = logger === true ? {} : logger;
  const own = options.hooks?.streamWrite;
  const streamWrite = own ? (line: string) => redactLogLine(own(line)) : redactLogLine;
  return { ...options, hooks: { ...options.hooks, streamWrite } };
}

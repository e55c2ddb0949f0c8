import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Buffered answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Text, JSON and XML answers (other types as mime-db rates them). Never `text/event-stream`: a
 * compressor holds bytes back until its block fills, and live events must arrive as they happen.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[/+](json|xml)\s*(;|$)/i;

/**
 * Answers compressed as the request's `Accept-Encoding` asks (brotli, else gzip) with `Vary:
 * Accept-Encoding`: buffered ones from 1 KiB on, streamed ones (the CSV export) always. Applies to the
 * routes registered after it; a route opts out with `compress: false` (the event stream does).
 * Files of the build that come precompressed (see consoleAssets.ts) are passed on as they are.
 * Request bodies are never unpacked: the API takes plain JSON, and telemetry forwards compressed
 * bodies to the collector unchanged.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
  });
}

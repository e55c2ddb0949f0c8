import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RuntimeConfig } from '../../shared/RuntimeConfig';
import { ProblemError } from './ProblemError';
import { runtimeConfigBlock } from './runtimeConfigBlock';

/** The placeholder in the console's index.html that becomes the nonce of the answer. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Paths that belong to the API or to telemetry never fall back to the console. */
const NOT_THE_CONSOLE = /^\/(api|v1)(\/|$)/;

/**
 * The console's `index.html`, read at each request (so a new build needs no restart), with every
 * `__CSP_NONCE__` replaced by the nonce of the answer and the runtime configuration (what
 * `/config.json` answers) as a JSON data block at the end of the head, so the console starts without
 * asking for it; never cached without revalidation.
 */
export class ConsolePage {
  private readonly indexFile: string;
  private readonly configBlock: string;

  constructor(staticDir: string, config: RuntimeConfig) {
    this.indexFile = path.join(staticDir, 'index.html');
    this.configBlock = runtimeConfigBlock(config);
  }

  /** Whether `request` is a page request the single-page fallback answers. */
  static isPageRequest(request: FastifyRequest): boolean {
    const accept = request.headers.accept ?? '';
    const path = request.url.split('?')[0] ?? '/';
    return (request.method === 'GET' || request.method === 'HEAD') && accept.includes('text/html') && !NOT_THE_CONSOLE.test(path);
  }

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const html = await this.page(request);
    return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  }

  /**
   * The single-page fallback: answers page requests for unknown paths, leaves the rest alone.
   * Says whether it answered (a boolean: a Fastify reply is a thenable, awaiting it gives undefined).
   */
  async fallback(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (!ConsolePage.isPageRequest(request)) {
      return false;
    }
    const html = await this.page(request);
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    return true;
  }

  private async page(request: FastifyRequest): Promise<string> {
    let html: string;
    try {
      html = await readFile(this.indexFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new ProblemError('console-not-built');
      }
      throw error;
    }
    return withBlock(html.replaceAll(CSP_NONCE_PLACEHOLDER, request.cspNonce), this.configBlock);
  }
}

/** `html` with `block` at the end of its head (or at its start, for a page without one). */
function withBlock(html: string, block: string): string {
  const headEnd = html.search(/<\/head>/i);
  return headEnd < 0 ? `${block}${html}` : `${html.slice(0, headEnd)}${block}${html.slice(headEnd)}`;
}

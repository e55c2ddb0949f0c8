import type { FastifyRequest } from 'fastify';
import type { Language } from '../../shared/Language';

/** The language of the answer texts: German when `x-ui-locale` says `de`, English otherwise. */
export function requestLocale(request: FastifyRequest): Language {
  const header = request.headers['x-ui-locale'];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim().toLowerCase().startsWith('de') ? 'de' : 'en';
}

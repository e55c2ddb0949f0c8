import type { RequestOptions } from '../../domain/ports/HttpClient';

/** `scheme://` or `//`: a URL that is not put under the base. */
const ABSOLUTE = /^([a-z][a-z\d+\-.]*:)?\/\//i;

/**
 * The URL a request goes to: `path` under `base` (one slash between them) unless it is absolute,
 * then the query. Parameters keep their order; an array repeats its parameter
 * (`status=new&status=confirmed`); `undefined` and `null` are left out. Names and values are
 * percent-encoded except `:`, `$` and `,`, and a space is `+`: the URLs the console has always
 * sent (axios' encoding), which the backend's query parser reads as it reads any other.
 */
export function requestUrl(base: string, path: string, params?: RequestOptions['params']): string {
  let url = base && !ABSOLUTE.test(path) ? underBase(base, path) : path;
  const query = queryString(params);
  if (query) {
    const hash = url.indexOf('#');
    if (hash !== -1) {
      url = url.slice(0, hash);
    }
    url += (url.includes('?') ? '&' : '?') + query;
  }
  return url;
}

function underBase(base: string, path: string): string {
  return path ? `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : base;
}

function queryString(params: RequestOptions['params']): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(params ?? {})) {
    const values: readonly unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) {
        pairs.push(`${encode(name)}=${encode(String(item))}`);
      }
    }
  }
  return pairs.join('&');
}

function encode(text: string): string {
  return encodeURIComponent(text).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+');
}

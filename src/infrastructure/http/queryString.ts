import type { RequestOptions } from '../../domain/ports/HttpClient';

/**
 * The query of a request (the HttpClient's `paramsSerializer`), without its `?`. Parameters keep
 * their order; an array repeats its parameter (`status=new&status=confirmed`); `undefined` and
 * `null` are left out. Names and values are percent-encoded except `:`, `$` and `,`, and a space is
 * `+`: the URLs the console has always sent (axios' encoding), which the backend's query parser
 * reads as it reads any other.
 */
export function queryString(params: RequestOptions['params']): string {
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

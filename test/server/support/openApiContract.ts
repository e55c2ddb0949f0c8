import path from 'node:path';
import Ajv2020, { type Options } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { type Document, OpenAPIBackend, type Operation, SetMatchType } from 'openapi-backend';
import { isMultiLineText, isSingleLineText } from '../../../server/http/textRules';
import { isInstant } from '../../../shared/instant';

/** The HTTP contract every backend answer is held to. */
export const OPENAPI_DOCUMENT = path.resolve(__dirname, '../../../docs/openapi.yaml');

/** What a check needs of an answer (a fetch `Response` has it). */
export interface CheckedAnswer {
  status: number;
  headers: Headers;
  /** The body as text; read only for JSON media types (streams and files are not read). */
  text(): Promise<string>;
}

/** An instant as the API writes one: UTC with milliseconds (`2026-06-15T08:30:00.000Z`), a supported instant. */
const WRITTEN_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The validators for the document's schemas: JSON Schema 2020-12 (the dialect of OpenAPI 3.1), every
 * error reported, formats from ajv-formats (`uuid`, `email`, `uri`) and the product's own: `text` and
 * `multiline-text` by the rules the backend checks requests with (server/http/textRules.ts), and
 * `date-time` as the API writes instants. An unknown format or keyword is an error, not ignored.
 */
function contractAjv(options: Options): Ajv2020 {
  // openapi-backend's options (it coerces header values to their schema: `Retry-After: 4` is an integer).
  const ajv = new Ajv2020({ ...options, strict: true, strictTypes: false, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addFormat('date-time', { type: 'string', validate: (value: string) => WRITTEN_INSTANT.test(value) && isInstant(value) });
  ajv.addFormat('text', { type: 'string', validate: isSingleLineText });
  ajv.addFormat('multiline-text', { type: 'string', validate: isMultiLineText });
  ajv.addFormat('binary', true);
  return ajv;
}

/** Whether a media type is JSON: `application/json` or a `+json` type such as `application/problem+json`. */
function isJsonMediaType(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/**
 * openapi-backend validates the `application/json` body of a response; a problem is
 * `application/problem+json`. So that it validates those too, each content map whose only JSON media
 * type is a `+json` one gets the same media type object under `application/json` as well (the
 * content type itself is checked apart, against the document's own keys).
 */
function aliasJsonMediaTypes(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(aliasJsonMediaTypes);
    return;
  }
  if (typeof node !== 'object' || node === null) {
    return;
  }
  const object = node as Record<string, unknown>;
  const content = object.content as Record<string, unknown> | undefined;
  if (typeof content === 'object' && content !== null && !('application/json' in content)) {
    const json = Object.keys(content).find((key) => isJsonMediaType(mediaTypeOf(key)));
    if (json) {
      content['application/json'] = content[json];
    }
  }
  Object.values(object).forEach(aliasJsonMediaTypes);
}

/** The media type of a Content-Type value, without parameters, in lower case. */
function mediaTypeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** The parameters of a Content-Type value (`charset=utf-8`), lower-cased. */
function parametersOf(contentType: string): string[] {
  return contentType
    .split(';')
    .slice(1)
    .map((parameter) => parameter.trim().toLowerCase().replace(/\s*=\s*/, '='))
    .filter((parameter) => parameter !== '');
}

/**
 * The document's media type key that a Content-Type answers: the same media type, and every
 * parameter the key names (`text/csv; charset=utf-8`) present in the answer.
 */
function matchingMediaType(contentType: string, documented: readonly string[]): string | undefined {
  const answered = parametersOf(contentType);
  return documented.find(
    (key) => mediaTypeOf(key) === mediaTypeOf(contentType) && parametersOf(key).every((parameter) => answered.includes(parameter)),
  );
}

type ResponseObject = { content?: Record<string, unknown>; headers?: Record<string, unknown> };

/** The response object a status answers, as the document lists them: the code, its `NXX` range, `default`. */
function documentedResponse(operation: Operation, status: number): ResponseObject | undefined {
  const responses = (operation.responses ?? {}) as Record<string, ResponseObject>;
  return responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default;
}

function describeErrors(errors: readonly { instancePath?: string; message?: string; params?: unknown }[]): string[] {
  return errors.map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params ?? {})}`.trim());
}

/** docs/openapi.yaml, loaded once, with its operations and validators. */
export class OpenApiContract {
  private constructor(private readonly api: OpenAPIBackend) {}

  static async load(file = OPENAPI_DOCUMENT): Promise<OpenApiContract> {
    const document = (await new OpenAPIBackend({ definition: file, quick: true, strict: true }).loadDocument()) as Document;
    aliasJsonMediaTypes(document);
    const api = new OpenAPIBackend({
      definition: document,
      strict: true,
      // The document is checked by its own test (openApiContract.test.ts); validators compile when first used.
      quick: true,
      customizeAjv: (_ajv, options) => contractAjv(options) as never,
    });
    await api.init();
    return new OpenApiContract(api);
  }

  /** Every operation of the document. */
  get operations(): Operation[] {
    return this.api.router.getOperations();
  }

  /** The operation a request is for, or undefined when the document has no such route. */
  operation(method: string, pathname: string): Operation | undefined {
    return this.api.router.matchOperation({ method: method.toLowerCase(), path: pathname, headers: {} });
  }

  /**
   * What in `answer` breaks the document, for a request `method pathname` on a documented route
   * (nothing for an undocumented one): a status the operation does not list; a Content-Type other
   * than the response's media types (or one where the response has no body, or none where it has);
   * the headers the response documents, those marked `required` present, each of its schema; a JSON body of the media
   * type's schema. Streams and files are checked by status, type and headers only.
   */
  async check(method: string, pathname: string, answer: CheckedAnswer): Promise<string[]> {
    const operation = this.operation(method, pathname);
    if (!operation) {
      return [];
    }
    const response = documentedResponse(operation, answer.status);
    if (!response) {
      return [`status ${answer.status} is not documented`];
    }
    const problems: string[] = [];
    const contentType = answer.headers.get('content-type');
    const documented = Object.keys(response.content ?? {});
    let mediaType: string | undefined;
    if (documented.length === 0) {
      if (contentType !== null || (await answer.text()) !== '') {
        problems.push(`a body (${contentType ?? 'no content type'}) where the document has none`);
      }
    } else if (contentType === null) {
      problems.push(`no Content-Type; documented: ${documented.join(', ')}`);
    } else {
      mediaType = matchingMediaType(contentType, documented);
      if (!mediaType) {
        problems.push(`Content-Type ${contentType}; documented: ${documented.join(', ')}`);
      }
    }
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if ((header as { required?: boolean }).required && !answer.headers.has(name)) {
        problems.push(`no ${name} header`);
      }
    }
    const headers = Object.fromEntries(answer.headers.entries());
    const headerCheck = this.api.validator.validateResponseHeaders(headers, operation, { statusCode: answer.status, setMatchType: SetMatchType.Any });
    problems.push(...describeErrors(headerCheck.errors ?? []).map((error) => `header ${error.replace(/^\/headers\/?/, '')}`));
    if (mediaType && isJsonMediaType(mediaTypeOf(mediaType))) {
      const text = await answer.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        problems.push(`a body that is not JSON: ${text.slice(0, 200)}`);
        return problems;
      }
      const bodyCheck = this.api.validator.validateResponse(body, operation, answer.status);
      problems.push(...describeErrors(bodyCheck.errors ?? []));
    }
    return problems;
  }
}

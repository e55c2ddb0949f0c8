import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { isInstant } from '../../shared/instant';
import { isMultiLineText, isSingleLineText } from './textRules';
import { isUuid } from './uuid';

type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];
type Ajv = Parameters<NonNullable<NonNullable<Parameters<ReturnType<typeof AjvCompiler>>[1]>['onCreate']>>[0];
type ValidatorFactory = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']>;

/** What every validator shares: unknown fields refused (400), never dropped; defaults filled in; the first failure. */
const BASE_OPTIONS = { removeAdditional: false, useDefaults: true, allErrors: false } as const;

/**
 * The formats of the product, for every request schema: `date-time` is an instant as
 * `shared/instant.ts` takes it (strict RFC 3339, supported years); `text` is one line
 * without control characters; `multiline-text` may also hold newlines and tabs; `uuid` is the
 * form of the database's ids alone (no `urn:uuid:` prefix, which ajv-formats would take).
 */
function addProductFormats(ajv: Ajv): void {
  ajv.addFormat('date-time', { type: 'string', validate: isInstant });
  ajv.addFormat('text', { type: 'string', validate: isSingleLineText });
  ajv.addFormat('multiline-text', { type: 'string', validate: isMultiLineText });
  ajv.addFormat('uuid', { type: 'string', validate: isUuid });
}

/**
 * The validators of request schemas. Query strings, path parameters and headers arrive as text, so
 * their values are coerced to the schema (`?limit=5` is a number, one `status` an array); a JSON body
 * says its types itself and is never coerced: `{"notes":null}` or `{"status":["confirmed"]}` is a 400
 * naming the field, not a value made up from it.
 */
export function requestValidators(): NonNullable<FastifyServerOptions['schemaController']> {
  const coercing = AjvCompiler();
  const strict = AjvCompiler();
  const buildValidator = (externalSchemas: Parameters<ValidatorFactory>[0]): FastifySchemaCompiler<unknown> => {
    // Fastify calls what a pool builds with the route's schema definition (its declared type says otherwise).
    type Compile = (route: RouteSchema) => ReturnType<FastifySchemaCompiler<unknown>>;
    const text = coercing(externalSchemas, {
      customOptions: { ...BASE_OPTIONS, coerceTypes: 'array' },
      onCreate: addProductFormats,
    }) as unknown as Compile;
    const json = strict(externalSchemas, {
      customOptions: { ...BASE_OPTIONS, coerceTypes: false },
      onCreate: addProductFormats,
    }) as unknown as Compile;
    return (route) => (route.httpPart === 'body' ? json : text)(route);
  };
  return { compilersFactory: { buildValidator: buildValidator as unknown as ValidatorFactory } };
}

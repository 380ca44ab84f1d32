import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * The validator of every route. A body is checked as sent: `0` or `"false"` is not a boolean and `"3"` is not a
 * number, so a wrongly typed field is refused instead of being turned into what the caller did not say (a money
 * amount sent as 1e3 would otherwise arrive as "1000"). Query strings, parameters and headers are text by nature and
 * keep the coercion. Unknown fields are refused (schemas say additionalProperties: false), never silently dropped.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const options: Options = { removeAdditional: false, useDefaults: true, allErrors: false, addUsedSchema: false };
  const strict = addFormats.default(new Ajv({ ...options, coerceTypes: false }));
  const coercing = addFormats.default(new Ajv({ ...options, coerceTypes: true }));
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema as object);
}

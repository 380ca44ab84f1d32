import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The validator of every route. A body is checked as sent: `0` or `"false"` is not a boolean and `"3"` is not a
 * number, so a wrongly typed field is refused instead of being turned into what the caller did not say (a money
 * amount sent as 1e3 would otherwise arrive as "1000"). Query strings, parameters and headers are text by nature and
 * keep the coercion. Unknown fields are refused (schemas say additionalProperties: false), never silently dropped.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  // strictNumbers: NaN and ±Infinity are no numbers (a body's 1e309 parses as Infinity). Ajv's coercion of query
  // strings skips the check, so `registerFiniteNumberCheck` refuses them there.
  const options: Options = {
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    addUsedSchema: false,
    strictNumbers: true,
  };
  const strict = addFormats.default(new Ajv({ ...options, coerceTypes: false }));
  const coercing = addFormats.default(new Ajv({ ...options, coerceTypes: true }));
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema as object);
}

/**
 * Refuses, after validation, a query string or path parameter that became a number that is not finite. Ajv coerces
 * `Infinity`, `-Infinity` and `1e309` to numbers and then lets them past every bound (its coercion skips the checks
 * that follow), so they are looked for here.
 */
export function registerFiniteNumberCheck(app: FastifyInstance) {
  app.addHook('preHandler', (request, _reply, done) => {
    const field = nonFiniteField(request.query) ?? nonFiniteField(request.params);
    done(field === null ? undefined : new AppError(400, 'VALIDATION', { detail: field }));
  });
}

function nonFiniteField(values: unknown): string | null {
  if (values === null || typeof values !== 'object') return null;
  const record = values as Record<string, unknown>;
  for (const key in record) {
    const value = record[key];
    const items = Array.isArray(value) ? value : [value];
    if (items.some((item) => typeof item === 'number' && !Number.isFinite(item))) return key;
  }
  return null;
}

import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const options = { removeAdditional: false, allErrors: false, useDefaults: true } as const;
const strict = addFormats.default(new Ajv({ ...options, coerceTypes: false }));
const coercing = addFormats.default(new Ajv({ ...options, coerceTypes: true }));

/**
 * Validation for calls that take money amounts. Bodies are checked as sent: a JSON number where the schema wants a
 * decimal string is refused instead of being turned into one (1e3 would otherwise arrive as "1000"). Query strings
 * and parameters are text by nature and keep the usual coercion.
 */
export const strictBodyCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const validate = (httpPart === 'body' ? strict : coercing).compile(schema as object);
  return (data: unknown) => (validate(data) ? { value: data } : { error: validationError(validate.errors) });
};

function validationError(errors: { instancePath: string; message?: string }[] | null | undefined): Error {
  const error = new Error(errors?.map((e) => `${e.instancePath} ${e.message ?? ''}`.trim()).join('; ') ?? 'invalid');
  Object.assign(error, { validation: errors ?? [], validationContext: 'body' });
  return error;
}

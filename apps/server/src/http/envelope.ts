import Type, { type TSchema } from 'typebox';

export function ok<T>(value: T) {
  return { success: true as const, code: 'OK', value };
}

/** Response schema of a successful envelope around `value`. */
export function okSchema<T extends TSchema>(value: T) {
  return Type.Object({ success: Type.Literal(true), code: Type.String(), value });
}

export const ErrorEnvelope = Type.Object({
  success: Type.Literal(false),
  code: Type.String(),
  message: Type.String(),
  value: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

/** The error responses every route may give, for its schema. */
export const errorResponses = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  423: ErrorEnvelope,
  429: ErrorEnvelope,
  500: ErrorEnvelope,
  503: ErrorEnvelope,
};

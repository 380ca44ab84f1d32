import type { Language } from '@portal/shared/constants';
import type { FastifySchemaValidationError } from 'fastify';

type Phrase = Record<Language, string>;

/** What each kind of schema failure tells the player, in their language ({field}, {limit}, {type}, {values}). */
const PHRASES: Record<string, Phrase> = {
  required: { en: '{field}: input cannot be empty', bn: '{field}: ইনপুট খালি রাখা যাবে না' },
  additionalProperties: { en: '{field}: unknown field', bn: '{field}: অজানা ঘর' },
  type: { en: '{field} must be {type}', bn: '{field} অবশ্যই {type} হতে হবে' },
  maxLength: { en: '{field} is too long (at most {limit} characters)', bn: '{field} খুব দীর্ঘ (সর্বোচ্চ {limit} অক্ষর)' },
  minLength: { en: '{field} is too short (at least {limit} characters)', bn: '{field} খুব ছোট (অন্তত {limit} অক্ষর)' },
  maximum: { en: '{field} must be at most {limit}', bn: '{field} সর্বোচ্চ {limit} হতে পারে' },
  minimum: { en: '{field} must be at least {limit}', bn: '{field} অন্তত {limit} হতে হবে' },
  maxItems: { en: '{field} has too many items (at most {limit})', bn: '{field}-এ অনেক বেশি উপাদান (সর্বোচ্চ {limit})' },
  minItems: { en: '{field} has too few items (at least {limit})', bn: '{field}-এ খুব কম উপাদান (অন্তত {limit})' },
  pattern: { en: '{field} format is incorrect', bn: '{field}-এর বিন্যাস সঠিক নয়' },
  enum: { en: '{field} must be one of: {values}', bn: '{field} এগুলোর একটি হতে হবে: {values}' },
  invalid: { en: '{field} is not valid', bn: '{field} সঠিক নয়' },
};
PHRASES.format = PHRASES.pattern as Phrase;
PHRASES.const = PHRASES.enum as Phrase;
PHRASES.maxProperties = PHRASES.maxItems as Phrase;

const TYPE_NAMES: Record<string, Phrase> = {
  string: { en: 'text', bn: 'লেখা' },
  number: { en: 'a number', bn: 'সংখ্যা' },
  integer: { en: 'a whole number', bn: 'পূর্ণ সংখ্যা' },
  boolean: { en: 'true or false', bn: 'সত্য বা মিথ্যা' },
  array: { en: 'a list', bn: 'তালিকা' },
  object: { en: 'an object', bn: 'অবজেক্ট' },
  null: { en: 'empty', bn: 'খালি' },
};

/** `/title/en` → `title.en`; a missing or unknown property is named after the object it belongs to. */
function fieldName(error: FastifySchemaValidationError, context: string | undefined): string {
  const params = error.params as Record<string, unknown>;
  const child = params.missingProperty ?? params.additionalProperty;
  const path = error.instancePath.split('/').filter(Boolean);
  if (typeof child === 'string') path.push(child);
  return path.join('.') || context || 'request';
}

function describe(error: FastifySchemaValidationError, context: string | undefined, language: Language): string {
  const params = error.params as Record<string, unknown>;
  let keyword = error.keyword in PHRASES ? error.keyword : 'invalid';
  if (keyword === 'minLength' && params.limit === 1) keyword = 'required';
  const typeName = TYPE_NAMES[String(params.type)];
  const values = params.allowedValues ?? (params.allowedValue === undefined ? undefined : [params.allowedValue]);
  const fills: Record<string, string> = {
    field: fieldName(error, context),
    limit: String(params.limit ?? ''),
    type: typeName ? typeName[language] : String(params.type ?? ''),
    values: Array.isArray(values) ? values.join(', ') : '',
  };
  return (PHRASES[keyword] as Phrase)[language].replace(/\{(\w+)\}/g, (_, name: string) => fills[name] ?? '');
}

/**
 * The schema failures of a request in the player's language, at most three, instead of the validator's own
 * English. Fields keep the names the API gives them.
 */
export function validationDetail(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
  language: Language,
): string {
  return errors
    .slice(0, 3)
    .map((error) => describe(error, context, language))
    .join('; ');
}

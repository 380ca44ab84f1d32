import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** A UTF-16 surrogate that has no partner: with the `u` flag a well-formed pair is one code point and never matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether PostgreSQL can hold the text: its text and jsonb types refuse U+0000, and UTF-8 has no lone surrogates. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

const childPath = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * The first place in a parsed value (strings, arrays, plain objects and their keys) holding text that PostgreSQL
 * cannot store, named as validation errors name fields (`title.en`, `ids.2`); `part` names the value as a whole.
 * Null when all of it can be stored. The walk keeps its own stack, so a deeply nested body cannot overflow the call
 * stack; it runs on every request, so it allocates nothing for a value without text.
 */
export function unstorableField(value: unknown, part: string): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : part;
  if (value === null || typeof value !== 'object') return null;
  const values: unknown[] = [value];
  const paths: string[] = [''];
  while (values.length > 0) {
    const current = values.pop();
    const path = paths.pop() ?? '';
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path || part;
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) {
        values.push(current[index]);
        paths.push(childPath(path, String(index)));
      }
    } else if (isPlainObject(current)) {
      for (const key in current) {
        // A key that cannot be stored is not repeated back: the object holding it is named instead.
        if (!isStorableText(key)) return path || part;
        values.push(current[key]);
        paths.push(childPath(path, key));
      }
    }
  }
  return null;
}

/**
 * Raw bytes (a signed vendor body) and other objects are no parsed text; only JSON-like values are walked. The query
 * string parser's objects inherit from an empty object without a prototype, so that counts as plain too.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** 400 TEXT_UNSTORABLE naming the field, as FIELD_INVALID does, so a form can mark it. */
export class UnstorableText extends AppError {
  constructor(field: string) {
    super(400, 'TEXT_UNSTORABLE', { field }, { field });
  }
}

/** Throws `UnstorableText` for the first field of `value` that PostgreSQL cannot store. */
export function refuseUnstorableText(value: unknown, part: string): void {
  const field = unstorableField(value, part);
  if (field !== null) throw new UnstorableText(field);
}

/**
 * Refuses, on every route and before its handler runs, a request whose parameters, query string or parsed body holds
 * text PostgreSQL cannot store (U+0000, a lone surrogate such as the JSON escape "\ud800"). Such text would fail the
 * first statement that carries it, in the middle of the work, or be silently changed on the way (the driver's UTF-8
 * encoding turns a lone surrogate into U+FFFD), so it never gets that far. Multipart forms are read by their
 * handlers; `readForm` applies the same check to their text fields.
 */
export function registerStorableTextCheck(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const field =
      unstorableField(request.params, 'params') ??
      unstorableField(request.query, 'querystring') ??
      unstorableField(request.body, 'body');
    done(field === null ? undefined : new UnstorableText(field));
  });
}

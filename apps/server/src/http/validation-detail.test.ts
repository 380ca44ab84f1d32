import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';

async function refusal(payload: unknown, language: 'bn' | 'en'): Promise<string> {
  // As the portal does: unknown fields are refused, not stripped.
  const app = Fastify({ ajv: { customOptions: { removeAdditional: false } } });
  registerErrorHandler(app);
  app.post(
    '/notice',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'sortOrder'],
          properties: {
            title: {
              type: 'object',
              required: ['en'],
              properties: { en: { type: 'string', minLength: 1, maxLength: 5 } },
            },
            sortOrder: { type: 'integer', minimum: 0 },
            type: { enum: ['B', 'PL'] },
          },
        },
      },
    },
    () => ({ ok: true }),
  );
  const response = await app.inject({
    method: 'POST',
    url: '/notice',
    payload: payload as object,
    headers: { 'accept-language': language },
  });
  await app.close();
  expect(response.statusCode).toBe(400);
  return response.json().message;
}

describe('validation detail', () => {
  it('names the field and the rule in English', async () => {
    expect(await refusal({ title: { en: 'too long' }, sortOrder: 1 }, 'en')).toBe(
      'The request is not valid: title.en is too long (at most 5 characters)',
    );
    expect(await refusal({ title: { en: '' }, sortOrder: 1 }, 'en')).toBe(
      'The request is not valid: title.en: input cannot be empty',
    );
    expect(await refusal({ title: {}, sortOrder: 1 }, 'en')).toBe(
      'The request is not valid: title.en: input cannot be empty',
    );
    expect(await refusal({ title: { en: 'a' }, sortOrder: 1, extra: 1 }, 'en')).toBe(
      'The request is not valid: extra: unknown field',
    );
    expect(await refusal({ title: { en: 'a' }, sortOrder: -1 }, 'en')).toBe(
      'The request is not valid: sortOrder must be at least 0',
    );
    expect(await refusal({ title: { en: 'a' }, sortOrder: 1, type: 'X' }, 'en')).toBe(
      'The request is not valid: type must be one of: B, PL',
    );
  });

  it('speaks Bengali to a Bengali request, with no English of the validator', async () => {
    expect(await refusal({ title: { en: 'a' }, sortOrder: 'first' }, 'bn')).toBe(
      'অনুরোধটি সঠিক নয়: sortOrder অবশ্যই পূর্ণ সংখ্যা হতে হবে',
    );
    expect(await refusal({ title: { en: 'a' } }, 'bn')).toBe('অনুরোধটি সঠিক নয়: sortOrder: ইনপুট খালি রাখা যাবে না');
  });
});

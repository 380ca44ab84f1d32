import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/shared/constants';
import type { FastifyRequest } from 'fastify';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The `language` query parameter wins, then the first supported Accept-Language tag, then the default. */
export function requestLanguage(request: FastifyRequest): Language {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.language;
  if (isLanguage(fromQuery)) return fromQuery;
  const header = request.headers['accept-language'];
  if (typeof header === 'string') {
    for (const part of header.split(',')) {
      const tag = part.split(';')[0]?.trim().toLowerCase().slice(0, 2);
      if (isLanguage(tag)) return tag;
    }
  }
  return DEFAULT_LANGUAGE;
}

/** Picks the text of a localised JSON value, falling back to the default language, then any language. */
export function localise(text: Partial<Record<Language, string>> | null | undefined, language: Language): string {
  if (!text) return '';
  return text[language] ?? text[DEFAULT_LANGUAGE] ?? Object.values(text)[0] ?? '';
}

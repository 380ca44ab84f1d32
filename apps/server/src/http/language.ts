import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/shared/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * `language=EN` means what `language=en` means: a language code in the query string is read in lower case on every
 * call, before the route's schema checks it.
 */
export function registerLanguageCase(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const query = request.query as Record<string, unknown> | undefined;
    const language = query?.language;
    if (query && typeof language === 'string') query.language = language.toLowerCase();
    done();
  });
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

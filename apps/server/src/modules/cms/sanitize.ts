import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'span',
    'div',
    'h3',
    'h4',
    'h5',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'blockquote',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links that leave the portal must not hand the page to the target.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

/** Operator HTML is cleaned with sanitize-html before it is stored and again before it is served. */
export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

export function sanitizeLocalised(text: Partial<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(text)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([lang, html]) => [lang, sanitizeNoticeHtml(html)]),
  );
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Titles are plain text (the page renders them as text): tags are removed and sanitize-html's escaping undone. */
export function plainText(text: Partial<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(text)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([lang, value]) => [
        lang,
        sanitizeHtml(value, { allowedTags: [], allowedAttributes: {} })
          .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
          .trim(),
      ]),
  );
}

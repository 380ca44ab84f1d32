// The studio's HTML shell and answers, shared by every kind of game page.
import type { Language } from '@portal/shared/constants';
import { type TextKey, text } from './i18n.ts';

export function refusal(code: string, language: Language): string {
  const known: TextKey[] = ['INSUFFICIENT_FUNDS', 'SESSION_EXPIRED', 'VENDOR_DISABLED', 'ACCOUNT_DISABLED'];
  return known.includes(code as TextKey) ? text(code as TextKey, language) : text('ERROR', language);
}

export function failure(code: string, language: Language) {
  const own: TextKey[] = ['ROLLED_BACK', 'PENDING', 'UNKNOWN_SESSION'];
  return {
    ok: false,
    code,
    message: own.includes(code as TextKey) ? text(code as TextKey, language) : refusal(code, language),
  };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside a <script> element: no `<` that could close it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function head(language: Language, title: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(text('mark', language))}</title>
<script type="module" src="/assets/fonts.js"></script>
<link rel="modulepreload" href="/assets/page.js">
<link rel="stylesheet" href="/assets/studio.css">
</head>`;
}

export function mark(language: Language): string {
  return `<div class="mark" data-testid="studio-mark" title="${escapeHtml(text('markNote', language))}">${escapeHtml(text('mark', language))}</div>`;
}

export interface GamePageParts {
  language: Language;
  name: string;
  /** The page's own script under /assets, without `.js`. */
  script: string;
  /** Settings the script reads from the page. */
  config: unknown;
  /** Adds `studio--{modifier}` to the page's main element. */
  modifier?: string;
  /** A line under the title, such as the note that the dealer is software. */
  note?: string;
}

export function gamePage({ language, name, script, config, modifier, note }: GamePageParts): string {
  const noteLine = note ? `\n<p class="dealer-note" data-testid="studio-dealer-note">${escapeHtml(note)}</p>` : '';
  return `${head(language, name)}
<body>
<main class="studio${modifier ? ` studio--${modifier}` : ''}" id="studio">
${mark(language)}
<h1 class="title" data-testid="studio-game-name">${escapeHtml(name)}</h1>${noteLine}
<noscript><p class="notice">${escapeHtml(text('noScript', language))}</p></noscript>
</main>
<script type="application/json" id="studio-config">${scriptJson(config)}</script>
<script type="module" src="/assets/${script}.js"></script>
</body>
</html>`;
}

export function messagePage(language: Language, message: string, title?: string): string {
  return `${head(language, title ?? text('mark', language))}
<body>
<main class="studio studio--message">
${mark(language)}
${title ? `<h1 class="title">${escapeHtml(title)}</h1>` : ''}
<p class="notice" role="alert" data-testid="studio-message">${escapeHtml(message)}</p>
</main>
</body>
</html>`;
}

import type { Plugin } from 'vite';
import { startAfterLoad } from '../src/boot/start-after-load';

/** How long the code waits for the page's load (its first banner) before it is asked for anyway. */
export const LOAD_WAIT_MS = 1500;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * index.html of the build with the entry script and its modulepreloads replaced by an inline starter that asks
 * for them once the page has loaded and painted its first banner (see src/boot/start-after-load.ts).
 */
export function deferEntry(html: string): string {
  const entry = html.match(ENTRY_SCRIPT);
  if (!entry?.[1]) throw new Error('code-after-load: no module entry script in index.html');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1] as string);
  const call = `(${startAfterLoad.toString()})(${JSON.stringify(entry[1])},${JSON.stringify(preloads)},${LOAD_WAIT_MS})`;
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', `<script>${call}</script></body>`);
}

/** Build only: the dev server serves the source entry as it is. */
export function codeAfterLoad(): Plugin {
  return {
    name: 'portal:code-after-load',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: deferEntry },
  };
}

// Each page carries only the texts its kind lists: a key its script reads and the kind does not send would show
// `undefined` on screen. Checked here from the scripts' own source: the `t.key` they read, with those of the parts of
// public/page.js they import, and the families they pick from at run time (t[`phase_${…}`]).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACCARAT_BETS } from './engines/baccarat.ts';
import { LINES } from './engines/slots.ts';
import { TEXT_KEYS, type TextKey } from './i18n.ts';
import { CARDS_TEXT_KEYS } from './kinds/cards.ts';
import { COCKFIGHT_TEXT_KEYS } from './kinds/cockfight.ts';
import { FISH_TEXT_KEYS } from './kinds/fish.ts';
import { LIVE_TEXT_KEYS } from './kinds/live.ts';
import { SLOT_TEXT_KEYS, slotKind } from './kinds/slot.ts';
import { SPORTS_TEXT_KEYS } from './kinds/sports.ts';
import { head } from './pages.ts';

const PUBLIC = path.resolve(import.meta.dirname, '../public');
const source = (file: string) => fs.readFileSync(path.join(PUBLIC, file), 'utf8');

const KINDS: Record<string, readonly TextKey[]> = {
  'slot.js': SLOT_TEXT_KEYS,
  'fish.js': FISH_TEXT_KEYS,
  'cards.js': CARDS_TEXT_KEYS,
  'live.js': LIVE_TEXT_KEYS,
  'cockfight.js': COCKFIGHT_TEXT_KEYS,
  'sports.js': SPORTS_TEXT_KEYS,
};

interface Reads {
  /** Keys read as `t.key`. */
  keys: Set<string>;
  /** Prefixes of keys read as t[`prefix${…}`]. */
  families: Set<string>;
}

function reads(code: string): Reads {
  return {
    keys: new Set([...code.matchAll(/\bt\.([A-Za-z_$][\w$]*)/g)].map((m) => m[1] as string)),
    families: new Set([...code.matchAll(/\bt\[`([^`$]*)\$\{/g)].map((m) => m[1] as string)),
  };
}

/** page.js cut at its top-level exports: what each one reads, and the other exports it calls. */
function sharedParts(): Map<string, { reads: Reads; uses: string[] }> {
  const code = source('page.js');
  const starts = [...code.matchAll(/^export (?:async function|function|const) (\w+)/gm)];
  const names = starts.map((m) => m[1] as string);
  const parts = new Map<string, { reads: Reads; uses: string[] }>();
  starts.forEach((m, i) => {
    // Without its comments (the one over the next export would name that export).
    const block = code.slice(m.index, starts[i + 1]?.index ?? code.length).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const name = m[1] as string;
    const uses = names.filter((other) => other !== name && new RegExp(`\\b${other}\\b`).test(block));
    parts.set(name, { reads: reads(block), uses });
  });
  return parts;
}

/** What a script reads, its own and through the parts of page.js it imports (and the parts those call). */
function scriptReads(file: string): Reads {
  const code = source(file);
  const all = reads(code);
  const imported = code.match(/import\s*\{([^}]*)\}\s*from\s*'\.\/page\.js'/);
  const parts = sharedParts();
  const seen = new Set<string>();
  const visit = (name: string) => {
    const part = parts.get(name);
    if (!part || seen.has(name)) return;
    seen.add(name);
    for (const key of part.reads.keys) all.keys.add(key);
    for (const family of part.reads.families) all.families.add(family);
    for (const other of part.uses) visit(other);
  };
  for (const name of (imported?.[1] ?? '').split(',').map((n) => n.trim())) if (name) visit(name);
  return all;
}

describe('the texts each page carries', () => {
  it('cover every script in public/ that reads texts', () => {
    const scripts = fs.readdirSync(PUBLIC).filter((f) => f.endsWith('.js') && f !== 'page.js' && f !== 'fonts.js');
    expect(scripts.sort()).toEqual(Object.keys(KINDS).sort());
  });

  it('reads the shared parts of page.js through the imports', () => {
    // The help dialog reads `close` and `help`; the table's clock the phases through a family.
    const slot = scriptReads('slot.js');
    expect(slot.keys).toContain('close');
    expect(scriptReads('live.js').families).toContain('phase_');
    expect(scriptReads('sports.js').keys).not.toContain('close');
  });

  for (const [file, keys] of Object.entries(KINDS)) {
    it(`include every key ${file} reads`, () => {
      const { keys: read, families } = scriptReads(file);
      expect(read.size).toBeGreaterThan(5);
      const missing = [...read].filter((key) => !keys.includes(key as TextKey));
      expect(missing).toEqual([]);
      for (const family of families) {
        const members = TEXT_KEYS.filter((key) => key.startsWith(family));
        expect(members.length, family).toBeGreaterThan(0);
        expect(
          members.filter((key) => !keys.includes(key)),
          family,
        ).toEqual([]);
      }
    });

    it(`list no key twice, and none ${file} does not read`, () => {
      expect(new Set(keys).size).toBe(keys.length);
      const { keys: read, families } = scriptReads(file);
      // Keys picked at run time from a value (t[side], t[spot], t[state.result.winner]) are checked below.
      const pickedByValue = new Set<string>([
        ...BACCARAT_BETS,
        ...['red', 'black', 'odd', 'even', 'low', 'high', 'dozen', 'column'],
        ...['meron', 'wala', 'draw', 'andar', 'bahar'],
      ]);
      const unread = keys.filter(
        (key) => !read.has(key) && ![...families].some((f) => key.startsWith(f)) && !pickedByValue.has(key),
      );
      expect(unread).toEqual([]);
    });
  }

  it('include the keys the scripts pick from a value', () => {
    // live.js: a spot's name (t[spot], t[kind] for dozens and columns), the winner (t[state.result.winner]).
    for (const spot of BACCARAT_BETS) expect(LIVE_TEXT_KEYS).toContain(spot);
    for (const spot of ['red', 'black', 'odd', 'even', 'low', 'high', 'dozen', 'column'] as const)
      expect(LIVE_TEXT_KEYS).toContain(spot);
    // cockfight.js: t[side], t[state.result]; cards.js: t[side], t[hand.winner].
    for (const side of ['meron', 'wala', 'draw'] as const) expect(COCKFIGHT_TEXT_KEYS).toContain(side);
    for (const side of ['andar', 'bahar'] as const) expect(CARDS_TEXT_KEYS).toContain(side);
  });
});

describe('the slot page', () => {
  const html = slotKind.page(
    {
      vendor: 'PG',
      gameId: 'PG-RNG-0001',
      language: 'en',
      info: null,
      player: null,
      funCents: 0,
      busy: false,
      seenAt: 0,
    },
    'session-id',
    '2000.00',
    'FUN',
  );
  const config = JSON.parse(
    html.match(/<script type="application\/json" id="studio-config">(.*?)<\/script>/s)?.[1] ?? '{}',
  );

  it('sends the engine’s pay lines and only its own texts', () => {
    expect(config.lines).toEqual(LINES);
    expect(Object.keys(config.texts).sort()).toEqual([...SLOT_TEXT_KEYS].sort());
    expect(config.texts.spin).toBe('Spin');
  });

  it('preloads the shared module its script imports', () => {
    expect(html).toContain('<link rel="modulepreload" href="/assets/page.js">');
    expect(head('bn', 'x')).toContain('<link rel="modulepreload" href="/assets/page.js">');
  });
});

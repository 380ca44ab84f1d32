import { createHash } from 'node:crypto';
import type { Language } from '@portal/shared/constants';
import { drawMotif, type Motif, motifFor } from './icon-motifs.ts';

/** Background gradients (from, to) and the accent a motif may take (a gem's stone, a fish's body). */
const PALETTES: { from: string; to: string; accent: string }[] = [
  { from: '#4a148c', to: '#d81b60', accent: '#4dd0e1' },
  { from: '#0d47a1', to: '#00acc1', accent: '#ff7043' },
  { from: '#1b5e20', to: '#9ccc65', accent: '#e040fb' },
  { from: '#b71c1c', to: '#ff8f00', accent: '#40c4ff' },
  { from: '#311b92', to: '#7c4dff', accent: '#69f0ae' },
  { from: '#004d40', to: '#26a69a', accent: '#ff5252' },
  { from: '#880e4f', to: '#f06292', accent: '#b2ff59' },
  { from: '#263238', to: '#546e7a', accent: '#ffab40' },
  { from: '#3e2723', to: '#bf360c', accent: '#18ffff' },
  { from: '#1a237e', to: '#e91e63', accent: '#ffd740' },
  { from: '#006064', to: '#c6ff00', accent: '#ea80fc' },
  { from: '#4e342e', to: '#ffb300', accent: '#00e5ff' },
  { from: '#212121', to: '#c62828', accent: '#ffee58' },
  { from: '#01579b', to: '#7e57c2', accent: '#f4ff81' },
];

/** Where the motif sits and how it leans; the title always has the bottom band. */
const LAYOUTS = [
  { x: 100, y: 80, scale: 1.25, rotate: 0 },
  { x: 86, y: 80, scale: 1.15, rotate: -8 },
  { x: 114, y: 80, scale: 1.15, rotate: 8 },
  { x: 100, y: 84, scale: 1.05, rotate: 0 },
];

const PATTERNS = ['rays', 'dots', 'stripes', 'rings', 'sparkles'] as const;

/**
 * Latin first, then the Bengali faces phones and desktops ship (Android, iOS/macOS, Windows, Linux): an SVG shown
 * as an image cannot use the page's web fonts, so the system must supply the Bengali glyphs.
 */
const FONTS: Record<Language, string> = {
  en: "system-ui, 'Segoe UI', Roboto, Arial, 'Noto Sans Bengali', 'Kohinoor Bangla', 'Bangla Sangam MN', 'Nirmala UI', Vrinda, 'Lohit Bengali', sans-serif",
  bn: "'Noto Sans Bengali', 'Noto Sans Bengali UI', 'Kohinoor Bangla', 'Bangla Sangam MN', 'Nirmala UI', Vrinda, 'Shonar Bangla', 'Lohit Bengali', system-ui, Roboto, Arial, sans-serif",
};

const TITLE_WIDTH = 176;
const TITLE_MAX_SIZE = 26;
const TITLE_MIN_SIZE = 13;

export interface TileArt {
  motif: Motif;
  palette: number;
  layout: number;
  pattern: (typeof PATTERNS)[number];
}

export interface TileGame {
  nodeId: string;
  gameType: string;
  /** The name in the page's language, shown on the tile. */
  name: string;
  /** The English name, which picks the motif (the same picture in every language). */
  englishName: string;
  vendorName: string;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A vendor's games are mostly numbered (`PG-RNG-0121`) and shown in that order, so consecutive numbers step
 * through the palettes (5 is prime to their count): side by side, two games never share a background even when
 * their names suggest the same motif. Other ids take a palette from their hash.
 */
function paletteOf(nodeId: string, hashed: number): number {
  const numbered = /^(.*?)(\d{1,6})$/.exec(nodeId);
  if (!numbered) return hashed % PALETTES.length;
  const prefix = createHash('sha256')
    .update(numbered[1] ?? '')
    .digest()
    .readUInt8(0);
  return (prefix + Number(numbered[2]) * 5) % PALETTES.length;
}

/** What a game's tile is made of, from its id (and its name's suggestion of a motif): the same on every call. */
export function tileArt(game: Pick<TileGame, 'nodeId' | 'gameType' | 'englishName'>): TileArt {
  const digest = createHash('sha256').update(game.nodeId).digest();
  return {
    motif: motifFor(game.gameType, game.englishName, digest.readUInt16BE(0)),
    palette: paletteOf(game.nodeId, digest[2] ?? 0),
    layout: (digest[3] ?? 0) % LAYOUTS.length,
    pattern: PATTERNS[(digest[4] ?? 0) % PATTERNS.length] ?? 'rays',
  };
}

/**
 * About how wide a text is, in ems of a bold face: marks that combine with the letter before them (Bengali vowel
 * signs, the hasanta) take no room of their own, and Bengali letters are wider than Latin ones.
 */
function ems(text: string): number {
  let width = 0;
  for (const char of text) {
    if (/[\p{M}\u200c\u200d]/u.test(char)) continue;
    if (char === ' ') width += 0.3;
    else if (char >= '\u0980' && char <= '\u09ff') width += 0.68;
    else if (/[A-Zmw0-9]/.test(char)) width += /[MWmw]/.test(char) ? 0.92 : 0.74;
    else width += 0.6;
  }
  return width;
}

/** The name on one line when it fits large enough, else over two lines balanced by width, and the size to fit. */
function titleLines(name: string): { lines: string[]; size: number } {
  const fit = (lines: string[]) => {
    const widest = Math.max(...lines.map(ems));
    return Math.max(TITLE_MIN_SIZE, Math.min(TITLE_MAX_SIZE, Math.floor(TITLE_WIDTH / widest)));
  };
  const words = name.split(/\s+/).filter(Boolean);
  const oneLine = fit([name]);
  if (words.length < 2 || oneLine >= 20) return { lines: [name], size: oneLine };
  let best = { lines: [name], size: oneLine };
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const size = Math.min(fit(lines), 22);
    if (size > best.size) best = { lines, size };
  }
  return best;
}

function pattern(kind: TileArt['pattern'], cx: number, cy: number): string {
  const white = 'fill="#fff" fill-opacity=".1"';
  switch (kind) {
    case 'rays':
      return `<g ${white}>${Array.from({ length: 12 }, (_, i) => `<path d="M${cx} ${cy}l-14-220h28z" transform="rotate(${i * 30} ${cx} ${cy})"/>`).join('')}</g>`;
    case 'dots':
      return `<g ${white}>${Array.from({ length: 36 }, (_, i) => `<circle cx="${(i % 6) * 36 + 10}" cy="${Math.floor(i / 6) * 36 + 10}" r="4"/>`).join('')}</g>`;
    case 'stripes':
      return `<g stroke="#fff" stroke-opacity=".08" stroke-width="14">${Array.from({ length: 9 }, (_, i) => `<path d="M${i * 48 - 200} 200l200-200"/>`).join('')}</g>`;
    case 'rings':
      return `<g fill="none" stroke="#fff" stroke-opacity=".1" stroke-width="6">${[40, 70, 100, 130].map((r) => `<circle cx="${cx}" cy="${cy}" r="${r}"/>`).join('')}</g>`;
    default:
      return `<g fill="#fff" fill-opacity=".35">${[
        [24, 30],
        [170, 40],
        [150, 110],
        [36, 112],
        [100, 22],
      ]
        .map(([x, y]) => `<path d="M${x} ${(y ?? 0) - 6}l2 4 4 2-4 2-2 4-2-4-4-2 4-2z"/>`)
        .join('')}</g>`;
  }
}

/**
 * A game's tile picture when the vendor supplies none: a motif of its kind (fruit, gems, a dragon for slots, a fish
 * for fishing, cards for tables…) over a patterned gradient, all picked from its id so neighbouring games differ
 * and each keeps its look, with its name in the page's language. Drawn here, so the portal needs no image host to
 * show 10,000 games.
 */
export function gameIconSvg(game: TileGame, language: Language): string {
  const art = tileArt(game);
  const palette = PALETTES[art.palette] ?? PALETTES[0];
  const layout = LAYOUTS[art.layout] ?? LAYOUTS[0];
  if (!palette || !layout) throw new Error('no tile palette');
  const { x: motifX, y: motifY } = layout;
  const { lines, size } = titleLines(game.name);
  const lineHeight = size * 1.25;
  const titleTop = 168 - (lines.length - 1) * lineHeight;
  // A line near the full width is held to it: the estimate is close, and a wider system face must not overflow.
  const title = lines
    .map((line, i) => {
      const width = ems(line) * size;
      const held =
        width > TITLE_WIDTH * 0.8
          ? ` textLength="${Math.min(width, TITLE_WIDTH).toFixed(0)}" lengthAdjust="spacingAndGlyphs"`
          : '';
      return `<text x="100" y="${(titleTop + i * lineHeight).toFixed(1)}" font-size="${size}"${held}>${escapeXml(line)}</text>`;
    })
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" font-family="${FONTS[language]}">`,
    '<defs>',
    `<linearGradient id="b" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`,
    '<linearGradient id="t" x2="0" y2="1"><stop offset="0" stop-opacity="0"/><stop offset=".45" stop-opacity=".55"/><stop offset="1" stop-opacity=".8"/></linearGradient>',
    '<radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity=".45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>',
    '<clipPath id="c"><rect width="200" height="200" rx="24"/></clipPath>',
    '</defs>',
    '<g clip-path="url(#c)">',
    '<rect width="200" height="200" fill="url(#b)"/>',
    pattern(art.pattern, motifX, motifY),
    `<circle cx="${motifX}" cy="${motifY}" r="70" fill="url(#g)"/>`,
    `<g transform="translate(${motifX} ${motifY}) rotate(${layout.rotate}) scale(${layout.scale}) translate(-50 -50)">`,
    drawMotif(art.motif, palette.accent),
    '</g>',
    `<rect y="${titleTop - size * 1.6}" width="200" height="${200 - titleTop + size * 1.6}" fill="url(#t)"/>`,
    '</g>',
    `<text x="100" y="191" font-size="10" font-weight="700" fill="#fff" fill-opacity=".8" text-anchor="middle" letter-spacing="1">${escapeXml(game.vendorName.toUpperCase())}</text>`,
    `<g fill="#fff" font-weight="800" text-anchor="middle" stroke="#000" stroke-opacity=".35" stroke-width="3" paint-order="stroke" stroke-linejoin="round">${title}</g>`,
    '</svg>',
  ].join('');
}

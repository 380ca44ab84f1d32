import { createHash } from 'node:crypto';

const PALETTES: [string, string][] = [
  ['#7b2ff7', '#f107a3'],
  ['#0f9b0f', '#a8e063'],
  ['#f7971e', '#ffd200'],
  ['#1d2b64', '#1cb5e0'],
  ['#c31432', '#f0cb35'],
  ['#134e5e', '#71b280'],
  ['#8e2de2', '#4a00e0'],
  ['#ee0979', '#ff6a00'],
];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a name over at most two lines of about `width` characters. */
function lines(name: string, width = 12): string[] {
  const words = name.split(/\s+/).filter(Boolean);
  const result: string[] = [];
  for (const word of words) {
    const last = result.at(-1);
    if (last !== undefined && (last + word).length < width) result[result.length - 1] = `${last} ${word}`;
    else result.push(word);
  }
  return result.slice(0, 2);
}

/**
 * A game's tile picture when the vendor supplies none: the name on a gradient chosen by the game's id, so each
 * game keeps its look. Drawn here, so the portal needs no image host to show 10,000 games.
 */
export function gameIconSvg(game: { nodeId: string; name: string; vendorName: string }): string {
  const digest = createHash('sha256').update(game.nodeId).digest();
  const [from, to] = PALETTES[(digest[0] ?? 0) % PALETTES.length] as [string, string];
  const angle = (digest[1] ?? 0) % 360;
  const text = lines(game.name)
    .map(
      (line, i, all) =>
        `<text x="100" y="${100 + (i - (all.length - 1) / 2) * 30}" font-size="24" font-weight="700" fill="#fff" text-anchor="middle" dominant-baseline="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" font-family="system-ui, Segoe UI, Roboto, Arial, sans-serif">',
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="200" height="200" rx="24" fill="url(#g)"/>',
    `<circle cx="${40 + ((digest[2] ?? 0) % 120)}" cy="${30 + ((digest[3] ?? 0) % 40)}" r="${20 + ((digest[4] ?? 0) % 30)}" fill="#fff" fill-opacity=".12"/>`,
    text,
    `<text x="100" y="178" font-size="14" fill="#fff" fill-opacity=".85" text-anchor="middle">${escapeXml(game.vendorName)}</text>`,
    '</svg>',
  ].join('');
}

// The pictures a drawn game tile is built around: each motif is a few vector shapes in a 100 × 100 box centred on
// (50, 50), in its own colours (fruit red, coins gold…), so it reads on any of the tile palettes. Kept as plain
// strings: a tile is put together by concatenation, which costs microseconds for any of the 10,000 games.

const GOLD = '#ffd34d';
const GOLD_DARK = '#c98a00';
const RED = '#e53935';
const GREEN = '#43a047';
const GREEN_DARK = '#2e7d32';
const WHITE = '#ffffff';
const INK = '#1b1f2a';
const SHINE = `fill="${WHITE}" fill-opacity=".55"`;

/** A heart, spade, diamond or club about 20 units high, centred on (x, y). */
function suit(kind: 'heart' | 'spade' | 'diamond' | 'club', x: number, y: number, scale = 1): string {
  const paths = {
    heart: `<path d="M0 8C-12 0-12-10-5-10c3 0 5 3 5 4 0-1 2-4 5-4 7 0 7 10-5 18z" fill="${RED}"/>`,
    spade: `<path d="M0-10C-12 0-10 8-4 8c2 0 3-1 3-2l-2 6h6l-2-6c0 1 1 2 3 2 6 0 8-8-4-18z" fill="${INK}"/>`,
    diamond: `<path d="M0-11L8 0 0 11-8 0z" fill="${RED}"/>`,
    club: `<g fill="${INK}"><circle cy="-5" r="5"/><circle cx="-5" cy="2" r="5"/><circle cx="5" cy="2" r="5"/><path d="M-1 2h2l2 9h-6z"/></g>`,
  };
  return `<g transform="translate(${x} ${y}) scale(${scale})">${paths[kind]}</g>`;
}

function fishShape(colour: string, fin: string): string {
  return [
    `<path d="M18 50C30 30 62 28 74 50 62 72 30 70 18 50z" fill="${colour}"/>`,
    `<path d="M72 50l18-14v28z" fill="${fin}"/>`,
    `<path d="M40 34q10-10 20-2l-6 6z" fill="${fin}"/>`,
    `<circle cx="30" cy="46" r="5" fill="${WHITE}"/><circle cx="29" cy="46" r="2.5" fill="${INK}"/>`,
    `<path d="M48 40q6 10 0 20" stroke="${fin}" stroke-width="3" fill="none"/>`,
  ].join('');
}

function die(x: number, y: number, size: number, rotate: number, pips: [number, number][]): string {
  const dots = pips.map(([px, py]) => `<circle cx="${px * size}" cy="${py * size}" r="${size * 0.09}"/>`).join('');
  return `<g transform="translate(${x} ${y}) rotate(${rotate})"><rect x="${-size / 2}" y="${-size / 2}" width="${size}" height="${size}" rx="${size * 0.18}" fill="${WHITE}" stroke="${INK}" stroke-opacity=".25" stroke-width="2"/><g fill="${RED}">${dots}</g></g>`;
}

function chip(x: number, y: number, r: number, colour: string): string {
  const ring = (2 * Math.PI * r * 0.78) / 12;
  return `<g transform="translate(${x} ${y})"><circle r="${r}" fill="${colour}"/><circle r="${r * 0.78}" fill="none" stroke="${WHITE}" stroke-width="${r * 0.22}" stroke-dasharray="${ring.toFixed(2)}"/><circle r="${r * 0.5}" fill="${WHITE}" fill-opacity=".9"/><circle r="${r * 0.36}" fill="${colour}" fill-opacity=".35"/></g>`;
}

const MOTIFS = {
  cherry: () =>
    [
      `<path d="M36 60Q42 32 62 18M66 62Q66 38 62 18" stroke="${GREEN_DARK}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
      `<path d="M62 18q16-6 24 6-14 6-24-6z" fill="${GREEN}"/>`,
      `<circle cx="34" cy="68" r="17" fill="${RED}"/><circle cx="68" cy="68" r="17" fill="#c2185b"/>`,
      `<circle cx="28" cy="62" r="5" ${SHINE}/><circle cx="62" cy="62" r="5" ${SHINE}/>`,
    ].join(''),
  seven: () =>
    [
      `<path d="M20 16h62v15L54 88H32l28-55H20z" fill="${RED}" stroke="${GOLD}" stroke-width="5" stroke-linejoin="round"/>`,
      `<path d="M26 21h48" stroke="${WHITE}" stroke-opacity=".5" stroke-width="3" stroke-linecap="round"/>`,
    ].join(''),
  gem: (accent: string) =>
    [
      `<path d="M50 88L12 38 28 16h44l16 22z" fill="${accent}"/>`,
      `<path d="M12 38h76L72 16H28z" fill="${WHITE}" fill-opacity=".35"/>`,
      `<path d="M12 38l38 50 38-50M36 38l14 50 14-50M28 16l8 22 14-22 14 22 8-22" stroke="${WHITE}" stroke-opacity=".6" stroke-width="2" fill="none" stroke-linejoin="round"/>`,
    ].join(''),
  coins: () =>
    [
      `<g fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="3">`,
      '<ellipse cx="36" cy="80" rx="22" ry="8"/><ellipse cx="36" cy="72" rx="22" ry="8"/><ellipse cx="36" cy="64" rx="22" ry="8"/>',
      '<circle cx="64" cy="46" r="26"/></g>',
      `<circle cx="64" cy="46" r="18" fill="none" stroke="${GOLD_DARK}" stroke-width="3"/>`,
      `<path d="M64 32l4 9 10 1-7 7 2 10-9-5-9 5 2-10-7-7 10-1z" fill="${GOLD_DARK}"/>`,
    ].join(''),
  dragon: () =>
    [
      `<path d="M8 92C4 64 36 76 40 56S52 34 62 40" stroke="${GREEN}" stroke-width="16" fill="none" stroke-linecap="round"/>`,
      `<path d="M8 92C4 64 36 76 40 56S52 34 62 40" stroke="${GOLD}" stroke-width="4" stroke-dasharray="5 7" fill="none"/>`,
      `<path d="M22 66l-8-12 14 4zM38 50l-6-14 12 8z" fill="${GOLD}"/>`,
      `<path d="M60 22l-8-18 16 12zM76 18l2-18 8 20z" fill="${GOLD}"/>`,
      `<path d="M52 30c6-12 30-14 40-2l6 10-8 2 4 8c-10 6-30 8-40 0-6-4-6-12-2-18z" fill="${GREEN_DARK}"/>`,
      `<path d="M90 44q8 10 2 22M84 48q4 12-4 20" stroke="${GOLD}" stroke-width="2.5" fill="none" stroke-linecap="round"/>`,
      `<circle cx="72" cy="30" r="6" fill="${GOLD}"/><circle cx="73" cy="30" r="2.6" fill="${INK}"/>`,
      `<path d="M88 42l8-2" stroke="${WHITE}" stroke-width="2"/>`,
    ].join(''),
  bell: () =>
    [
      `<circle cx="50" cy="16" r="6" fill="${GOLD_DARK}"/>`,
      `<path d="M50 18C30 18 30 40 28 58L18 74h64L72 58C70 40 70 18 50 18z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="3"/>`,
      `<circle cx="50" cy="80" r="8" fill="${GOLD_DARK}"/>`,
      `<path d="M38 30q-4 14-4 28" stroke="${WHITE}" stroke-opacity=".6" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    ].join(''),
  crown: () =>
    [
      `<path d="M14 74l4-44 18 20 14-28 14 28 18-20 4 44z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="3" stroke-linejoin="round"/>`,
      `<rect x="14" y="72" width="72" height="12" rx="3" fill="${GOLD_DARK}"/>`,
      `<circle cx="50" cy="60" r="6" fill="${RED}"/><circle cx="30" cy="62" r="4" fill="#1e88e5"/><circle cx="70" cy="62" r="4" fill="#1e88e5"/>`,
      `<circle cx="18" cy="28" r="4" fill="${GOLD}"/><circle cx="50" cy="20" r="4" fill="${GOLD}"/><circle cx="82" cy="28" r="4" fill="${GOLD}"/>`,
    ].join(''),
  clover: () =>
    [
      `<path d="M50 54q4 20 16 34" stroke="${GREEN_DARK}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
      `<g fill="${GREEN}"><circle cx="36" cy="38" r="15"/><circle cx="64" cy="38" r="15"/><circle cx="36" cy="64" r="15"/><circle cx="64" cy="64" r="15"/></g>`,
      `<circle cx="50" cy="51" r="6" fill="${GREEN_DARK}"/><circle cx="31" cy="33" r="4" ${SHINE}/>`,
    ].join(''),
  star: () =>
    [
      `<path d="M50 8l12 26 28 3-21 19 6 28-25-15-25 15 6-28-21-19 28-3z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="3" stroke-linejoin="round"/>`,
      `<path d="M50 28l6 12 13 2-10 9 3 13-12-7-12 7 3-13-10-9 13-2z" fill="${WHITE}" fill-opacity=".45"/>`,
    ].join(''),
  moon: () =>
    [
      `<path d="M58 12A40 40 0 1 0 90 66 32 32 0 1 1 58 12z" fill="#fff3b0"/>`,
      `<circle cx="34" cy="52" r="5" fill="#e6d27a"/><circle cx="46" cy="72" r="3" fill="#e6d27a"/>`,
      `<path d="M78 18l2 6 6 2-6 2-2 6-2-6-6-2 6-2z" fill="${WHITE}"/>`,
    ].join(''),
  sun: () => {
    const rays = Array.from(
      { length: 10 },
      (_, i) => `<path d="M47 4h6l-3 14z" transform="rotate(${i * 36} 50 50)"/>`,
    ).join('');
    return `<g fill="#ffb300">${rays}</g><circle cx="50" cy="50" r="26" fill="${GOLD}" stroke="#ff8f00" stroke-width="4"/><circle cx="42" cy="42" r="7" ${SHINE}/>`;
  },
  lotus: () => {
    const petals = [-60, -30, 0, 30, 60]
      .map(
        (angle, i) =>
          `<path d="M50 80C34 60 40 34 50 20 60 34 66 60 50 80z" transform="rotate(${angle} 50 80)" fill="${i % 2 ? '#f48fb1' : '#ec407a'}"/>`,
      )
      .join('');
    return `${petals}<ellipse cx="50" cy="82" rx="30" ry="6" fill="${GREEN}"/>`;
  },
  bolt: () =>
    `<path d="M58 6L22 56h24l-8 38 40-54H54z" fill="${GOLD}" stroke="#ff8f00" stroke-width="4" stroke-linejoin="round"/><path d="M52 18L36 48" stroke="${WHITE}" stroke-opacity=".6" stroke-width="3" stroke-linecap="round"/>`,
  lantern: () =>
    [
      `<path d="M50 4v10" stroke="${GOLD_DARK}" stroke-width="3"/>`,
      `<rect x="36" y="12" width="28" height="8" rx="2" fill="${GOLD}"/><rect x="36" y="76" width="28" height="8" rx="2" fill="${GOLD}"/>`,
      `<ellipse cx="50" cy="48" rx="30" ry="30" fill="${RED}"/>`,
      `<path d="M50 18v60M36 22q-10 26 0 52M64 22q10 26 0 52" stroke="${GOLD}" stroke-width="2" fill="none"/>`,
      `<path d="M46 84h8l2 12h-12z" fill="${GOLD}"/>`,
    ].join(''),
  chilli: () =>
    [
      `<path d="M70 26C88 40 70 86 20 88 52 76 58 50 58 34z" fill="${RED}"/>`,
      `<path d="M56 32q6-10 16-8l-2 6q-8 0-14 2z" fill="${GREEN}"/><path d="M64 26q0-12 10-18" stroke="${GREEN_DARK}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
      `<path d="M66 40q2 18-14 32" stroke="${WHITE}" stroke-opacity=".5" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    ].join(''),
  flame: () =>
    `<path d="M50 6C60 30 82 40 76 66 72 84 58 92 50 92 38 92 22 82 24 62 26 46 38 42 38 26 46 34 46 40 50 44 54 34 54 20 50 6z" fill="#ff7043"/><path d="M50 46C58 58 66 66 62 78 58 88 42 88 38 78 34 66 46 60 50 46z" fill="${GOLD}"/>`,
  leaf: () =>
    `<path d="M16 84C16 40 46 14 88 12 86 56 60 84 16 84z" fill="${GREEN}"/><path d="M18 82L80 20M40 60h16M52 48h16M34 66l0-16M48 52l0-16" stroke="#a5d6a7" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  rain: () =>
    [
      `<g fill="#e3f2fd"><circle cx="34" cy="42" r="16"/><circle cx="54" cy="34" r="20"/><circle cx="72" cy="46" r="14"/><rect x="20" y="44" width="64" height="16" rx="8"/></g>`,
      `<g fill="#42a5f5"><path d="M30 68q-4 8 0 12 4-4 0-12z"/><path d="M50 70q-4 8 0 12 4-4 0-12z"/><path d="M70 68q-4 8 0 12 4-4 0-12z"/><path d="M40 82q-3 6 0 9 3-3 0-9z"/><path d="M60 82q-3 6 0 9 3-3 0-9z"/></g>`,
    ].join(''),
  fish: (accent: string) => fishShape(accent, '#ff8a65'),
  school: (accent: string) =>
    [
      `<g transform="translate(-6 -16) scale(.6)">${fishShape(accent, GOLD)}</g>`,
      `<g transform="translate(40 10) scale(.6)">${fishShape('#ffb74d', accent)}</g>`,
      `<g transform="translate(2 40) scale(.6)">${fishShape('#4dd0e1', GOLD)}</g>`,
      `<g fill="${WHITE}" fill-opacity=".7"><circle cx="84" cy="20" r="4"/><circle cx="76" cy="10" r="2.5"/><circle cx="90" cy="8" r="2"/></g>`,
    ].join(''),
  octopus: (accent: string) =>
    [
      `<g stroke="${accent}" stroke-width="8" fill="none" stroke-linecap="round"><path d="M30 56q-12 14-4 30"/><path d="M42 60q-4 16 4 28"/><path d="M58 60q4 16-4 28"/><path d="M70 56q12 14 4 30"/></g>`,
      `<ellipse cx="50" cy="40" rx="26" ry="26" fill="${accent}"/>`,
      `<circle cx="40" cy="42" r="6" fill="${WHITE}"/><circle cx="60" cy="42" r="6" fill="${WHITE}"/><circle cx="41" cy="43" r="3" fill="${INK}"/><circle cx="61" cy="43" r="3" fill="${INK}"/>`,
      `<circle cx="40" cy="28" r="5" ${SHINE}/>`,
    ].join(''),
  cards: (accent: string) => {
    const card = (angle: number, x: number, kind: 'heart' | 'spade' | 'diamond' | 'club') =>
      `<g transform="rotate(${angle} 50 90)"><rect x="${x}" y="14" width="40" height="58" rx="5" fill="${WHITE}" stroke="${INK}" stroke-opacity=".2" stroke-width="2"/>${suit(kind, x + 20, 43, 1.2)}${suit(kind, x + 8, 24, 0.4)}</g>`;
    // A card face down in the tile's accent, then the two cards of a hand.
    const back = `<g transform="rotate(-22 50 90)"><rect x="14" y="14" width="40" height="58" rx="5" fill="${accent}" stroke="${WHITE}" stroke-width="3"/><path d="M34 24l10 19-10 19-10-19z" fill="${WHITE}" fill-opacity=".5"/></g>`;
    return back + card(0, 30, 'spade') + card(18, 42, 'heart');
  },
  chips: (accent: string) => chip(34, 62, 22, INK) + chip(66, 62, 22, RED) + chip(50, 36, 24, accent),
  dice: () =>
    die(34, 58, 40, -12, [
      [-0.25, -0.25],
      [0, 0],
      [0.25, 0.25],
    ]) +
    die(68, 40, 36, 14, [
      [-0.25, -0.25],
      [0.25, -0.25],
      [-0.25, 0.25],
      [0.25, 0.25],
      [0, 0],
    ]),
  roulette: () =>
    [
      `<circle cx="50" cy="50" r="42" fill="#5d4037"/>`,
      `<circle cx="50" cy="50" r="30" fill="none" stroke="${RED}" stroke-width="18"/>`,
      `<circle cx="50" cy="50" r="30" fill="none" stroke="${INK}" stroke-width="18" stroke-dasharray="${((Math.PI * 60) / 18).toFixed(2)}"/>`,
      `<circle cx="50" cy="50" r="18" fill="${GOLD}"/><path d="M50 36v28M36 50h28" stroke="${GOLD_DARK}" stroke-width="4"/>`,
      `<circle cx="72" cy="26" r="5" fill="${WHITE}"/>`,
    ].join(''),
  football: () =>
    [
      `<circle cx="50" cy="50" r="38" fill="${WHITE}" stroke="${INK}" stroke-width="3"/>`,
      `<path d="M50 36l13 10-5 15H42l-5-15z" fill="${INK}"/>`,
      `<path d="M50 36V14M63 46l20-7M58 61l12 18M42 61 30 79M37 46l-20-7" stroke="${INK}" stroke-width="3"/>`,
      `<path d="M40 12l10 2 10-2M86 36l-2 12 6 8M74 84l-10-2-6 8M26 84l10-2 6 8M14 36l2 12-6 8" stroke="${INK}" stroke-width="3" fill="none"/>`,
    ].join(''),
  gamepad: (accent: string) =>
    [
      `<path d="M26 30h48c14 0 20 16 22 34 2 14-10 20-18 12L68 64H32L22 76c-8 8-20 2-18-12 2-18 8-34 22-34z" fill="${INK}" stroke="${accent}" stroke-width="3"/>`,
      `<path d="M24 42h8v8h8v8h-8v8h-8v-8h-8v-8h8z" fill="${WHITE}" transform="translate(2 -4)"/>`,
      `<circle cx="70" cy="42" r="5" fill="${RED}"/><circle cx="80" cy="52" r="5" fill="${GOLD}"/><circle cx="60" cy="52" r="5" fill="#42a5f5"/><circle cx="70" cy="62" r="5" fill="${GREEN}"/>`,
    ].join(''),
  balls: () =>
    [
      ['#e53935', 28, 62, 20],
      ['#1e88e5', 70, 60, 18],
      ['#fdd835', 48, 34, 22],
    ]
      .map(
        ([colour, x, y, r]) =>
          `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/><circle cx="${x}" cy="${y}" r="${Number(r) * 0.5}" fill="${WHITE}"/><circle cx="${Number(x) - Number(r) * 0.45}" cy="${Number(y) - Number(r) * 0.45}" r="${Number(r) * 0.2}" ${SHINE}/>`,
      )
      .join(''),
  rooster: () =>
    [
      `<path d="M22 40q-10-20 8-28M18 52q-16-10-6-30M24 30q0-20 16-22" stroke="#1e88e5" stroke-width="7" fill="none" stroke-linecap="round"/>`,
      `<path d="M20 50c0 26 20 38 40 34 18-4 22-22 18-40L66 30C60 46 46 48 20 50z" fill="#d84315"/>`,
      `<path d="M62 36c0-12 6-20 16-20 10 0 14 8 12 16L82 44z" fill="#ef6c00"/>`,
      `<g fill="${RED}"><circle cx="72" cy="14" r="5"/><circle cx="80" cy="12" r="5"/><circle cx="88" cy="16" r="4"/><path d="M84 40q4 10-2 12-4-6 2-12z"/></g>`,
      `<path d="M90 26l10 4-10 4z" fill="${GOLD}"/><circle cx="80" cy="26" r="3" fill="${INK}"/>`,
      `<path d="M46 84l-4 12M58 84l2 12" stroke="${GOLD_DARK}" stroke-width="4" stroke-linecap="round"/>`,
    ].join(''),
} satisfies Record<string, (accent: string) => string>;

export type Motif = keyof typeof MOTIFS;

/** The motif's shapes, with the tile's accent where the motif takes one (a gem's stone, a fish's body). */
export function drawMotif(motif: Motif, accent: string): string {
  return MOTIFS[motif](accent);
}

/** What a slot machine may show: the classic symbols, drawn from the game's id when its name suggests none. */
const SLOT_MOTIFS: Motif[] = [
  'cherry',
  'seven',
  'gem',
  'coins',
  'dragon',
  'bell',
  'crown',
  'clover',
  'star',
  'lantern',
];

/** The motifs of each game type: fish for fishing games, cards and chips for tables, a ball for sports… */
const MOTIFS_BY_TYPE: Record<string, Motif[]> = {
  RNG: SLOT_MOTIFS,
  FISH: ['fish', 'school', 'octopus'],
  PVP: ['cards', 'chips', 'dice'],
  LIVE: ['cards', 'roulette', 'chips', 'dice'],
  SPORTS: ['football'],
  ESPORTS: ['gamepad'],
  LOTT: ['balls'],
  ELOTT: ['balls'],
  COCKFIGHT: ['rooster'],
};

/** Words anywhere in the (English) name that say what the game is: "Fair Dice" shows dice. */
const GAME_WORDS: [RegExp, Motif][] = [
  [/baccarat|poker|blackjack|teen patti|rummy|card/i, 'cards'],
  [/dice|sic ?bo/i, 'dice'],
  [/roulette/i, 'roulette'],
];

/** A slot's theme, from the first word of its name: "Dragon Riches" shows a dragon, "Lotus Spin" a lotus. */
const THEME_WORDS: [RegExp, Motif][] = [
  [/^dragon/i, 'dragon'],
  [/^(diamond|gems?|ruby|jewel)/i, 'gem'],
  [/^(royal|king)/i, 'crown'],
  [/^(thunder|storm)/i, 'bolt'],
  [/^moon/i, 'moon'],
  [/^sun\b/i, 'sun'],
  [/^star\b/i, 'star'],
  [/^lotus/i, 'lotus'],
  [/^festival|lantern/i, 'lantern'],
  [/^(spice|chil+i)/i, 'chilli'],
  [/^(phoenix|fire)/i, 'flame'],
  [/^jungle/i, 'leaf'],
  [/^(monsoon|rain)/i, 'rain'],
  [/^(ocean|fish)/i, 'fish'],
  [/^(golden|gold|fortune|treasure)/i, 'coins'],
  [/^lucky/i, 'clover'],
  [/^(mega|wild)/i, 'seven'],
];

/**
 * The motif for a game: what its name says it is, else (for a slot) its name's theme, else one of its type's
 * motifs picked by `pick` (from the game's id).
 */
export function motifFor(gameType: string, englishName: string, pick: number): Motif {
  const own = MOTIFS_BY_TYPE[gameType] ?? SLOT_MOTIFS;
  const slot = !(gameType in MOTIFS_BY_TYPE) || gameType === 'RNG';
  const named =
    GAME_WORDS.find(([pattern, motif]) => (slot || own.includes(motif)) && pattern.test(englishName)) ??
    (slot ? THEME_WORDS.find(([pattern]) => pattern.test(englishName.trim())) : undefined);
  return named ? named[1] : (own[pick % own.length] as Motif);
}

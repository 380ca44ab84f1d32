import { useId } from 'react';

/**
 * Spec section 9: lottery pictures come by image group (11X5, LF, LHC, PK10, SSC); Win Go and K3 have their own in
 * the same style. Each is drawn here as SVG (a background in the group's colours and its motif), so nothing waits
 * on an image file.
 */
export type ArtGroup = 'WINGO' | 'K3' | '11X5' | 'LF' | 'LHC' | 'PK10' | 'SSC';

/** The picture of a game group: 5D draws like SSC's five digits; the Vietnamese and any new group use LF. */
export function artGroupOf(gameGroupCode: string): ArtGroup {
  switch (gameGroupCode) {
    case 'WINGO':
    case 'K3':
    case '11X5':
    case 'LHC':
    case 'PK10':
    case 'SSC':
      return gameGroupCode;
    case '5D':
      return 'SSC';
    default:
      return 'LF';
  }
}

const PALETTE: Record<ArtGroup, [string, string]> = {
  WINGO: ['#1fb5a8', '#0b5e7a'],
  K3: ['#e5484d', '#7a1c3a'],
  '11X5': ['#f2b53a', '#b4571c'],
  LF: ['#7c5cff', '#2b2a7a'],
  LHC: ['#30a46c', '#115239'],
  PK10: ['#3a7bf2', '#1b2a6b'],
  SSC: ['#ff7a45', '#8a2d12'],
};

function Ball({ x, y, r, fill, label }: { x: number; y: number; r: number; fill: string; label?: string }) {
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill={fill} stroke="#fff" strokeWidth={r / 6} />
      <circle cx={x - r / 3} cy={y - r / 3} r={r / 4} fill="#fff" opacity={0.45} />
      {label ? (
        <text x={x} y={y + r / 3} textAnchor="middle" fontSize={r} fontWeight={700} fill="#fff">
          {label}
        </text>
      ) : null}
    </g>
  );
}

function Die({ x, y, size, pips }: { x: number; y: number; size: number; pips: number }) {
  const at: Record<number, [number, number][]> = {
    1: [[0.5, 0.5]],
    2: [
      [0.25, 0.25],
      [0.75, 0.75],
    ],
    3: [
      [0.25, 0.25],
      [0.5, 0.5],
      [0.75, 0.75],
    ],
    4: [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.25, 0.75],
      [0.75, 0.75],
    ],
    5: [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.5, 0.5],
      [0.25, 0.75],
      [0.75, 0.75],
    ],
    6: [
      [0.25, 0.22],
      [0.75, 0.22],
      [0.25, 0.5],
      [0.75, 0.5],
      [0.25, 0.78],
      [0.75, 0.78],
    ],
  };
  return (
    <g>
      <rect x={x} y={y} width={size} height={size} rx={size / 5} fill="#fff" stroke="#00000022" />
      {(at[pips] ?? []).map(([px, py]) => (
        <circle key={`${px}-${py}`} cx={x + px * size} cy={y + py * size} r={size / 11} fill="#b3202a" />
      ))}
    </g>
  );
}

function Motif({ group, prizes }: { group: ArtGroup; prizes: string }) {
  switch (group) {
    case 'WINGO':
      return (
        <>
          <Ball x={34} y={52} r={16} fill="#e5484d" label="8" />
          <Ball x={64} y={40} r={20} fill="#30a46c" label="5" />
          <Ball x={94} y={54} r={15} fill="#8e4ec6" label="0" />
        </>
      );
    case 'K3':
      return (
        <>
          <Die x={20} y={34} size={30} pips={3} />
          <Die x={54} y={24} size={34} pips={6} />
          <Die x={92} y={38} size={28} pips={1} />
        </>
      );
    case '11X5':
      return (
        <>
          {[0, 1, 2, 3, 4].map((i) => (
            <Ball
              key={i}
              x={22 + i * 21}
              y={i % 2 ? 56 : 42}
              r={11}
              fill="#b4571c"
              label={String([3, 11, 7, 1, 9][i])}
            />
          ))}
        </>
      );
    case 'LHC':
      return (
        <>
          {[0, 1, 2, 3, 4, 5].map((i) => {
            const angle = (i / 6) * Math.PI * 2;
            return <Ball key={i} x={64 + Math.cos(angle) * 26} y={48 + Math.sin(angle) * 20} r={10} fill="#115239" />;
          })}
          <Ball x={64} y={48} r={13} fill="#e5484d" label="6" />
        </>
      );
    case 'PK10':
      return (
        <>
          {[0, 1, 2].map((i) => (
            <rect key={i} x={10} y={28 + i * 16} width={108} height={3} fill="#fff" opacity={0.35} />
          ))}
          <path d="M30 58 l10 -14 h34 l14 14 h10 v8 h-76 z" fill="#fff" />
          <circle cx={44} cy={68} r={7} fill="#1b2a6b" stroke="#fff" strokeWidth={2} />
          <circle cx={88} cy={68} r={7} fill="#1b2a6b" stroke="#fff" strokeWidth={2} />
          <text x={62} y={58} textAnchor="middle" fontSize={11} fontWeight={700} fill="#3a7bf2">
            10
          </text>
        </>
      );
    case 'SSC':
      return (
        <>
          <circle cx={64} cy={46} r={26} fill="none" stroke="#fff" strokeWidth={4} />
          <path d="M64 30 v16 l10 8" stroke="#fff" strokeWidth={4} fill="none" strokeLinecap="round" />
          <Ball x={26} y={64} r={10} fill="#8a2d12" label="5" />
          <Ball x={102} y={64} r={10} fill="#8a2d12" label="2" />
        </>
      );
    default:
      return (
        <>
          <path
            d="M24 28 h80 a6 6 0 0 0 0 12 v16 a6 6 0 0 0 0 12 h-80 a6 6 0 0 0 0 -12 v-16 a6 6 0 0 0 0 -12 z"
            fill="#fff"
          />
          <text x={64} y={55} textAnchor="middle" fontSize={15} fontWeight={800} fill="#2b2a7a">
            {prizes}
          </text>
        </>
      );
  }
}

/**
 * What tells sister games apart on their picture: a fast game's round ('WINGO_30S' → '30S'), a Vietnamese game's
 * province code ('VN_HCM' → 'HCM').
 */
export function roundBadgeOf(gameId: string | undefined): string | null {
  const match = gameId ? (/_(\d+[SM])$/.exec(gameId) ?? /^VN_([A-Z]{1,4})$/.exec(gameId)) : null;
  return match ? (match[1] as string) : null;
}

/** Groups that share another group's picture (5D draws like SSC) keep colours of their own. */
const GROUP_PALETTE: Record<string, [string, string]> = { '5D': ['#d6409f', '#5e1a4d'] };

/** The Vietnamese regions' colours: the north's red, the south's green, the centre's blue. */
const VN_REGION_PALETTE: Record<string, [string, string]> = {
  NORTH: ['#e5484d', '#7a1c3a'],
  SOUTH: ['#30a46c', '#0f5138'],
  CENTRAL: ['#3a7bf2', '#1b2a6b'],
};

/** The game's picture, 128 × 88 (fixed aspect ratio, so nothing moves when it paints). */
export function GameArt({
  gameGroupCode,
  gameId,
  gameMenuTag,
  className,
}: {
  gameGroupCode: string;
  gameId?: string;
  /** A Vietnamese game's region (NORTH, SOUTH, CENTRAL): its colours and its prize count (27 or 18). */
  gameMenuTag?: string;
  className?: string;
}) {
  const badge = roundBadgeOf(gameId);
  const group = artGroupOf(gameGroupCode);
  const [from, to] =
    (gameMenuTag ? VN_REGION_PALETTE[gameMenuTag] : undefined) ?? GROUP_PALETTE[gameGroupCode] ?? PALETTE[group];
  const prizes = gameMenuTag === 'NORTH' ? '27' : gameMenuTag && VN_REGION_PALETTE[gameMenuTag] ? '18' : '27 · 18';
  const gradient = `lottery-art-${useId().replace(/:/g, '')}`;
  return (
    <svg className={className} viewBox="0 0 128 88" role="presentation" aria-hidden="true" data-art={group}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="128" height="88" fill={`url(#${gradient})`} />
      <circle cx={112} cy={10} r={30} fill="#fff" opacity={0.08} />
      <circle cx={8} cy={84} r={26} fill="#000" opacity={0.08} />
      <Motif group={group} prizes={prizes} />
      {badge ? (
        <g>
          <rect x={6} y={6} width={12 + badge.length * 8} height={18} rx={9} fill="#000" opacity={0.4} />
          <text x={12 + (badge.length * 8) / 2} y={19} textAnchor="middle" fontSize={12} fontWeight={700} fill="#fff">
            {badge}
          </text>
        </g>
      ) : null}
    </svg>
  );
}

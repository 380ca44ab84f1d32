import type { ReactNode } from 'react';
import { isKnownSymbol, type SlotSymbolId } from '../lib/slot-symbols';

const OUTLINE = '#0b0f1a';

/** Card ranks: a bold glyph in its own colour with a dark outline, readable on a 56 px cell. */
const RANK_COLOURS: Record<'10' | 'J' | 'Q' | 'K' | 'A', string> = {
  '10': '#38bdf8',
  J: '#4ade80',
  Q: '#c084fc',
  K: '#fb923c',
  A: '#fb7185',
};

function rank(id: keyof typeof RANK_COLOURS): ReactNode {
  const ten = id === '10';
  return (
    <>
      <text
        x="50"
        y={ten ? 66 : 70}
        textAnchor="middle"
        fontSize={ten ? 50 : 62}
        fontWeight={900}
        letterSpacing={ten ? -3 : 0}
        fontFamily="'Inter Variable', system-ui, sans-serif"
        fill={RANK_COLOURS[id]}
        stroke={OUTLINE}
        strokeWidth={7}
        strokeLinejoin="round"
        paintOrder="stroke"
      >
        {id}
      </text>
      <rect x="30" y="80" width="40" height="5" rx="2.5" fill={RANK_COLOURS[id]} opacity={0.75} />
    </>
  );
}

/** Points of a star with `count` tips around (cx, cy). */
function starPoints(count: number, outer: number, inner: number, cx = 50, cy = 50): string {
  const points: string[] = [];
  for (let i = 0; i < count * 2; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI * i) / count - Math.PI / 2;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(' ');
}

const SCATTER_STAR = starPoints(10, 47, 32);
const WILD_STAR = starPoints(5, 13, 5.5, 50, 30);

const ART: Record<SlotSymbolId, () => ReactNode> = {
  '10': () => rank('10'),
  J: () => rank('J'),
  Q: () => rank('Q'),
  K: () => rank('K'),
  A: () => rank('A'),
  EM: () => (
    <g stroke="#064e3b" strokeWidth="3" strokeLinejoin="round">
      <polygon points="32,10 68,10 88,30 88,70 68,90 32,90 12,70 12,30" fill="#059669" />
      <polygon points="40,26 60,26 72,38 72,62 60,74 40,74 28,62 28,38" fill="#34d399" />
      <path d="M32 10 40 26M68 10 60 26M88 30 72 38M88 70 72 62M68 90 60 74M32 90 40 74M12 70 28 62M12 30 28 38" />
      <polygon points="42,32 56,32 48,44 38,44" fill="#d1fae5" stroke="none" opacity={0.85} />
    </g>
  ),
  RU: () => (
    <g stroke="#4c0519" strokeWidth="3" strokeLinejoin="round">
      <polygon points="28,18 72,18 92,40 8,40" fill="#fb7185" />
      <polygon points="8,40 92,40 50,92" fill="#be123c" />
      <path d="M40 18 30 40 50 92 70 40 60 18M30 40 50 18 70 40" fill="none" />
      <polygon points="33,22 46,22 38,36 20,36" fill="#ffe4e6" stroke="none" opacity={0.8} />
    </g>
  ),
  CR: () => (
    <g stroke="#78350f" strokeWidth="3" strokeLinejoin="round">
      <path d="M16 68 10 26 33 46 50 14 67 46 90 26 84 68Z" fill="#fbbf24" />
      <rect x="16" y="66" width="68" height="18" rx="3" fill="#f59e0b" />
      <circle cx="10" cy="26" r="6" fill="#fde68a" />
      <circle cx="50" cy="14" r="6" fill="#fde68a" />
      <circle cx="90" cy="26" r="6" fill="#fde68a" />
      <circle cx="32" cy="75" r="4.5" fill="#e11d48" strokeWidth="2" />
      <circle cx="50" cy="75" r="4.5" fill="#2563eb" strokeWidth="2" />
      <circle cx="68" cy="75" r="4.5" fill="#059669" strokeWidth="2" />
      <path d="M50 30 44 52h12z" fill="#fef3c7" stroke="none" opacity={0.7} />
    </g>
  ),
  WI: () => (
    <>
      <rect x="5" y="14" width="90" height="72" rx="14" fill="#6d28d9" stroke="#ddd6fe" strokeWidth="4" />
      <polygon points={WILD_STAR} fill="#fde047" stroke="#2e1065" strokeWidth="2" strokeLinejoin="round" />
      <text
        x="50"
        y="72"
        textAnchor="middle"
        fontSize="29"
        fontWeight={900}
        fontFamily="'Inter Variable', system-ui, sans-serif"
        fill="#ffffff"
        stroke="#2e1065"
        strokeWidth={4}
        paintOrder="stroke"
      >
        WILD
      </text>
    </>
  ),
  SC: () => (
    <>
      <polygon points={SCATTER_STAR} fill="#ec4899" stroke="#831843" strokeWidth="3" strokeLinejoin="round" />
      <circle cx="50" cy="50" r="27" fill="#fdf2f8" stroke="#831843" strokeWidth="2.5" />
      <text
        x="50"
        y="58"
        textAnchor="middle"
        fontSize="21"
        fontWeight={900}
        fontFamily="'Inter Variable', system-ui, sans-serif"
        fill="#9d174d"
      >
        FREE
      </text>
    </>
  ),
};

export interface SlotSymbolProps {
  id: string;
  /** The symbol's name for assistive technology; without it the drawing is decorative. */
  label?: string;
  className?: string;
}

/** One symbol drawn as inline SVG: distinct colour and shape per symbol, no image to download. */
export function SlotSymbol({ id, label, className }: SlotSymbolProps) {
  return (
    <svg
      viewBox="0 0 100 100"
      className={`slot-symbol slot-symbol--${isKnownSymbol(id) ? id : 'unknown'}${className ? ` ${className}` : ''}`}
      data-symbol={id}
      focusable="false"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {isKnownSymbol(id) ? (
        ART[id]()
      ) : (
        <text x="50" y="62" textAnchor="middle" fontSize="34" fontWeight={800} fill="currentColor">
          {id}
        </text>
      )}
    </svg>
  );
}

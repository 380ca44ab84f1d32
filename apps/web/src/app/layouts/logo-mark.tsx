import { useId } from 'react';

/** The brand's mark; the boot shell of index.html draws the same figure before any script runs. */
export function LogoMark() {
  const gradientId = useId();
  return (
    <svg className="logo__mark" viewBox="0 0 40 40" aria-hidden="true">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f7cf6b" />
          <stop offset="1" stopColor="#e09a12" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="10" fill={`url(#${gradientId})`} />
      <path d="M12 29V11h9a6 6 0 0 1 0 12h-5" fill="none" stroke="#1b1f2a" strokeWidth="4" strokeLinecap="round" />
      <circle cx="29" cy="29" r="3" fill="#1fb5a8" />
    </svg>
  );
}

import type { CSSProperties } from 'react';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  aspectRatio?: CSSProperties['aspectRatio'];
  radius?: 'card' | 'pill';
  className?: string;
}

/** A shimmering placeholder that reserves the exact space of what is loading. */
export function Skeleton({ width = '100%', height, aspectRatio, radius = 'card', className }: SkeletonProps) {
  return (
    <span
      className={`skeleton skeleton--${radius}${className ? ` ${className}` : ''}`}
      style={{ width, height: height ?? (aspectRatio ? undefined : '1em'), aspectRatio }}
      aria-hidden="true"
    />
  );
}

export function SkeletonLines({ lines = 3 }: { lines?: number }) {
  return (
    <div className="skeleton-lines" aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
        <Skeleton key={index} width={index === lines - 1 ? '60%' : '100%'} />
      ))}
    </div>
  );
}

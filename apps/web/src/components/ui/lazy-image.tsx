import { LIMITS } from '@portal/shared/constants';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '@/lib/use-near-viewport';

/** Spec: preload 1.3 (load once within 1.3 viewport heights), threshold 0.1, 3 attempts. */
const PRELOAD_MARGIN = '30%';
const VISIBLE_THRESHOLD = 0.1;
const RETRY_DELAY_MS = 300;
export const ERROR_IMAGE = '/img-error.svg';

export interface LazyImageProps {
  src: string;
  alt: string;
  /** Intrinsic size; together with aspectRatio it reserves space so nothing jumps. */
  width: number;
  height: number;
  className?: string;
  style?: CSSProperties;
  /** Above-the-fold images (the first banner) load at once, ahead of other images. */
  eager?: boolean;
}

function withAttempt(src: string, attempt: number): string {
  if (attempt === 0) return src;
  return `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
}

export function LazyImage({ src, alt, width, height, className, style, eager = false }: LazyImageProps) {
  const [ref, visible] = useNearViewport<HTMLImageElement>({
    margin: PRELOAD_MARGIN,
    threshold: VISIBLE_THRESHOLD,
    initial: eager,
  });
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);

  const [trackedSrc, setTrackedSrc] = useState(src);

  // A new address starts a fresh set of attempts (state derived during render, no effect needed).
  if (trackedSrc !== src) {
    setTrackedSrc(src);
    setAttempt(0);
    setFailed(false);
  }

  function handleError() {
    if (attempt < LIMITS.imageRetries) {
      window.setTimeout(() => setAttempt((value) => value + 1), RETRY_DELAY_MS * (attempt + 1));
    } else {
      setFailed(true);
    }
  }

  const box = { width, height, className: `lazy-image${className ? ` ${className}` : ''}` };
  const boxStyle = { aspectRatio: `${width} / ${height}`, ...style };
  if (failed) return <FailedImage alt={alt} {...box} style={boxStyle} attempt={attempt} />;
  return (
    <img
      ref={ref}
      src={visible ? withAttempt(src, attempt) : undefined}
      alt={alt}
      {...box}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      style={boxStyle}
      onError={handleError}
      data-attempt={attempt}
    />
  );
}

/**
 * The error image in the same box. Only a failed image reads the translations: a page holds a hundred images,
 * and each useTranslation hook costs a copy of the i18n instance when it mounts.
 */
function FailedImage({
  alt,
  className,
  attempt,
  ...box
}: {
  alt: string;
  width: number;
  height: number;
  className: string;
  style: CSSProperties;
  attempt: number;
}) {
  const { t } = useTranslation();
  return (
    <img
      src={ERROR_IMAGE}
      alt={`${alt} (${t('common.imageError')})`}
      className={`${className} is-failed`}
      decoding="async"
      data-attempt={attempt}
      {...box}
    />
  );
}

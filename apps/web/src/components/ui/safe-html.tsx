import { useEffect, useState } from 'react';
import { SkeletonLines } from './skeleton';

/**
 * Renders server HTML (already sanitised there) after a second pass through DOMPurify.
 * DOMPurify is loaded on demand so it stays out of the start-up bundle.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const [clean, setClean] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    setClean(null);
    void import('dompurify').then(({ default: DOMPurify }) => {
      if (active) setClean(DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }));
    });
    return () => {
      active = false;
    };
  }, [html]);

  if (clean === null) return <SkeletonLines lines={3} />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by DOMPurify above
  return <div className={`rich-text${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}

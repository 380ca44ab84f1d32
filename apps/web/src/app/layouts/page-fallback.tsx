import { Skeleton, SkeletonLines } from '@/components/ui/skeleton';

/** What a screen shows while its code arrives: the same shapes, so nothing jumps. */
export function PageFallback() {
  return (
    <div className="page" aria-busy="true">
      <Skeleton aspectRatio="3 / 1" />
      <div className="stack">
        <SkeletonLines lines={4} />
      </div>
    </div>
  );
}

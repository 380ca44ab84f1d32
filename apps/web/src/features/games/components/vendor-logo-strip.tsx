import { TIMING } from '@portal/shared/constants';
import Autoplay from 'embla-carousel-autoplay';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '@/components/ui/lazy-image';
import { useCarousel } from '@/lib/use-carousel';
import { useMediaQuery } from '@/lib/use-media-query';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useIdle } from '@/lib/when-idle';
import { useGameTypes } from '../api/get-game-types';

/** Spec section 9: the vendor strip shows ten logos at a time (on a wide screen) and moves on every 3 s. */
export const VENDOR_STRIP_PER_VIEW = 10;
/** Half a screen ahead: the strip is measured and moving by the time the player scrolls it into view. */
const STRIP_START_MARGIN = '50%';

/**
 * Every vendor logo once, for the footer: a strip that moves a view's worth of logos every 3 s, pauses under the
 * pointer, and stays still for players who ask for reduced motion (they swipe it by hand) or when all logos fit.
 */
export function VendorLogoStrip() {
  const { t } = useTranslation();
  const { data } = useGameTypes();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // One logo per brand: a vendor may appear under several game types and several codes share a logo.
  const seen = new Map<string, { logo: string; name: string }>();
  for (const item of data ?? []) {
    for (const vendor of item.vendors) {
      if (!seen.has(vendor.logo)) seen.set(vendor.logo, { logo: vendor.logo, name: vendor.displayName });
    }
  }
  const moving = seen.size > VENDOR_STRIP_PER_VIEW && !reducedMotion;
  const plugins = useMemo(
    () =>
      moving
        ? [Autoplay({ delay: TIMING.vendorStripAutoplayMs, stopOnInteraction: false, stopOnMouseEnter: true })]
        : [],
    [moving],
  );
  // The strip sits in the footer, below the first screen: measuring its slides there would lay out the whole
  // footer (which the page otherwise skips) during start-up, so the carousel starts when the strip comes near.
  const idle = useIdle();
  const [nearRef, near] = useNearViewport<HTMLDivElement>({ margin: STRIP_START_MARGIN });
  const [emblaRef] = useCarousel(
    { loop: seen.size > VENDOR_STRIP_PER_VIEW, slidesToScroll: 'auto' },
    plugins,
    idle && near,
  );
  const stripRef = useCallback(
    (node: HTMLDivElement | null) => {
      emblaRef(node);
      nearRef(node);
    },
    [emblaRef, nearRef],
  );
  if (seen.size === 0) return null;
  return (
    <div className="vendor-strip" ref={stripRef}>
      <ul className="vendor-strip__track" aria-label={t('footer.vendors')}>
        {[...seen.entries()].map(([code, vendor]) => (
          <li key={code} className="vendor-strip__slide">
            <LazyImage src={vendor.logo} alt={vendor.name} width={160} height={60} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export default VendorLogoStrip;

import { TIMING } from '@portal/shared/constants';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '@/components/ui/lazy-image';
import { useMediaQuery } from '@/lib/use-media-query';
import { useIdle } from '@/lib/when-idle';
import { useGameTypes } from '../api/get-game-types';

/** Spec section 9: the vendor strip shows ten logos at a time (on a wide screen) and moves on every 3 s. */
export const VENDOR_STRIP_PER_VIEW = 10;

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
  const idle = useIdle();
  const [emblaRef] = useEmblaCarousel(
    { loop: seen.size > VENDOR_STRIP_PER_VIEW, slidesToScroll: 'auto', active: idle },
    plugins,
  );
  if (seen.size === 0) return null;
  return (
    <div className="vendor-strip" ref={emblaRef}>
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

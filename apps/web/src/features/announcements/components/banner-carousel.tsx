import type { Banner } from '@portal/shared/api';
import { isDrawnBannerArt, TIMING } from '@portal/shared/constants';
import Autoplay from 'embla-carousel-autoplay';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LazyImage } from '@/components/ui/lazy-image';
import { Skeleton } from '@/components/ui/skeleton';
import { useCarousel } from '@/lib/use-carousel';
import { useIdle } from '@/lib/when-idle';
import { useAnnouncements } from '../api/get-announcements';
import { bannerGroupForPath } from '../lib/banner-group';

const BANNER_WIDTH = 1200;
const BANNER_HEIGHT = 400;

export { bannerGroupForPath };

/**
 * A banner's words over its art, as text in the page (translated by the server, read by screen readers): the
 * headline, a line of detail and the button. The server renders the same markup for the first banner in the boot
 * shell (apps/server/src/http/web-app.ts), so the headline paints with the document: keep the two in step.
 */
function BannerCopy({ banner }: { banner: Banner }) {
  if (!banner.headline) return null;
  return (
    <span className="banner-carousel__copy">
      <strong className="banner-carousel__headline">{banner.headline}</strong>
      {banner.detail ? <span className="banner-carousel__detail">{banner.detail}</span> : null}
      {banner.button ? <span className="banner-carousel__cta">{banner.button}</span> : null}
    </span>
  );
}

/**
 * A banner's art. Drawn art (isDrawnBannerArt) is drawn in place from its file, so the words over it, not the art, are
 * the page's largest paint; it is fetched for the first slide at once and for the others once the page is idle. Any
 * other image is an image, named by the banner's title when the banner has no words to say it.
 */
function BannerArt({ banner, eager, load }: { banner: Banner; eager: boolean; load: boolean }) {
  if (isDrawnBannerArt(banner.url)) {
    const named = !banner.headline;
    return (
      <svg
        className="banner-carousel__art"
        viewBox={`0 0 ${BANNER_WIDTH} ${BANNER_HEIGHT}`}
        preserveAspectRatio="xMidYMid slice"
        role={named ? 'img' : undefined}
        aria-label={named ? banner.title : undefined}
        aria-hidden={named ? undefined : true}
      >
        {load ? <use href={banner.url} /> : null}
      </svg>
    );
  }
  return (
    <LazyImage
      src={banner.url}
      alt={banner.headline ? '' : banner.title}
      width={BANNER_WIDTH}
      height={BANNER_HEIGHT}
      eager={eager}
      className="banner-carousel__image"
    />
  );
}

function BannerSlide({ banner, eager, idle }: { banner: Banner; eager: boolean; idle: boolean }) {
  const content = (
    <>
      <BannerArt banner={banner} eager={eager} load={eager || idle} />
      <BannerCopy banner={banner} />
    </>
  );
  if (banner.linkageType === 1 && banner.link) {
    return (
      <Link className="banner-carousel__link" to={banner.link}>
        {content}
      </Link>
    );
  }
  if (banner.linkageType === 2 && banner.link) {
    return (
      <a className="banner-carousel__link" href={banner.link} target="_blank" rel="noopener noreferrer">
        {content}
      </a>
    );
  }
  return <span className="banner-carousel__link">{content}</span>;
}

function Carousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const multiple = banners.length > 1;
  const plugins = useMemo(
    () =>
      multiple ? [Autoplay({ delay: TIMING.bannerAutoplayMs, stopOnInteraction: false, stopOnMouseEnter: true })] : [],
    [multiple],
  );
  // The first slide shows as laid out by the page; the carousel starts measuring once the page has settled.
  const idle = useIdle();
  const [emblaRef, emblaApi] = useCarousel({ loop: multiple }, plugins, multiple && idle);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    onSelect();
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi]);

  const goTo = useCallback((index: number) => emblaApi?.scrollTo(index), [emblaApi]);

  return (
    <section
      className="banner-carousel"
      data-testid="banner-carousel"
      aria-roledescription="carousel"
      aria-label={t('banner.label')}
    >
      <div className="banner-carousel__viewport" ref={emblaRef}>
        <div className="banner-carousel__container">
          {banners.map((banner, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern labels each slide as a group
            <div
              className="banner-carousel__slide"
              key={banner.bannerId}
              role="group"
              aria-roledescription="slide"
              aria-label={t('banner.slideOf', { n: index + 1, total: banners.length })}
            >
              <BannerSlide banner={banner} eager={index === 0} idle={idle} />
            </div>
          ))}
        </div>
      </div>
      {multiple ? (
        <div className="banner-carousel__dots" data-testid="banner-dots">
          {banners.map((banner, index) => (
            <button
              key={banner.bannerId}
              type="button"
              className="banner-carousel__dot"
              aria-label={t('banner.goTo', { n: index + 1 })}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => goTo(index)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

export interface BannerCarouselProps {
  /** Defaults to the banner group of the current route. */
  group?: string;
}

export function BannerCarousel({ group }: BannerCarouselProps) {
  const { pathname } = useLocation();
  const groupName = group ?? bannerGroupForPath(pathname);
  const { data, isPending } = useAnnouncements();

  if (!groupName) return null;
  if (isPending) {
    return (
      <div className="banner-carousel banner-carousel--loading" aria-hidden="true">
        <Skeleton aspectRatio="var(--banner-aspect)" />
      </div>
    );
  }
  const banners = data?.banners.filter((banner) => banner.groupName === groupName) ?? [];
  if (banners.length === 0) return null;
  return <Carousel banners={banners} />;
}

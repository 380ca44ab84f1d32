import type { EmblaOptionsType, EmblaPluginType } from 'embla-carousel';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect, useState } from 'react';

/**
 * An Embla carousel that is created only once `ready`. Embla measures its slides as soon as it is given its
 * viewport, even when told to stay inactive, and a measurement during start-up forces a layout of the whole
 * page; so the viewport is handed over only when the carousel is wanted. Attach the returned ref to the viewport.
 */
export function useCarousel(
  options: EmblaOptionsType,
  plugins: EmblaPluginType[],
  ready: boolean,
): [(node: HTMLElement | null) => void, UseEmblaCarouselType[1]] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [emblaRef, emblaApi] = useEmblaCarousel(options, plugins);
  useEffect(() => {
    emblaRef(ready && viewport ? viewport : null);
  }, [emblaRef, ready, viewport]);
  return [setViewport, emblaApi];
}

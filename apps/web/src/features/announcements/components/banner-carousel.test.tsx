import type { Announcements, Banner } from '@portal/shared/api';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { renderWithProviders, stubFetch } from '@/test/render';
import { BannerCarousel, bannerGroupForPath } from './banner-carousel';

function banner(id: number, groupName: string, extra: Partial<Banner> = {}): Banner {
  return {
    bannerId: id,
    url: `/banners/${groupName}-${id}.svg`,
    groupName,
    linkageType: 0,
    link: null,
    title: `Banner ${id}`,
    ...extra,
  };
}

function announcements(banners: Banner[]): Announcements {
  return { banners, player: [], popup: [], promotion: [], home: [] };
}

function mockBanners(banners: Banner[]) {
  vi.stubGlobal('fetch', vi.fn(stubFetch({ '/wps/relay/MCSFE_getListAnnouncements': announcements(banners) })));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** jsdom lays nothing out: give the carousel 1200 px slides side by side, as a browser would. */
function layOutSlides() {
  const slideIndex = (element: HTMLElement) =>
    element.classList.contains('banner-carousel__slide')
      ? [...(element.parentElement?.children ?? [])].indexOf(element)
      : 0;
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(1200);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockReturnValue(0);
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
    return slideIndex(this) * 1200;
  });
}

/** The number of the dot marked as the current slide. */
function currentDot(): number {
  const dots = [...screen.getByTestId('banner-dots').querySelectorAll('button')];
  return dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true') + 1;
}

describe('BannerCarousel', () => {
  it('shows clickable dots only when there is more than one banner', async () => {
    mockBanners([
      banner(1, 'w_home'),
      banner(2, 'w_home', { linkageType: 2, link: 'https://example.com' }),
      banner(3, 'w_rng'),
    ]);
    renderWithProviders(<BannerCarousel />, { path: '/' });
    await screen.findByTestId('banner-carousel');
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Banner 1', 'Banner 2']);
    expect(screen.getByTestId('banner-dots').querySelectorAll('button')).toHaveLength(2);
    const external = screen.getByRole('link');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
  });

  it('moves on to the next banner every 5000 ms, round to the first after the last', async () => {
    layOutSlides();
    vi.useFakeTimers();
    mockBanners([banner(1, 'w_home'), banner(2, 'w_home'), banner(3, 'w_home')]);
    renderWithProviders(<BannerCarousel />, { path: '/' });
    // The banners arrive, then the carousel starts at the page's first idle moment.
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByTestId('banner-carousel')).toBeTruthy();
    expect(currentDot()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(currentDot()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(currentDot()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(currentDot()).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(currentDot()).toBe(1);
  });

  it('goes to a banner when its dot is pressed', async () => {
    layOutSlides();
    mockBanners([banner(1, 'w_home'), banner(2, 'w_home'), banner(3, 'w_home')]);
    renderWithProviders(<BannerCarousel />, { path: '/' });
    await screen.findByTestId('banner-dots');
    expect(currentDot()).toBe(1);
    // Pressed again until the carousel has started (at the page's first idle moment).
    await waitFor(() => {
      act(() => screen.getByRole('button', { name: i18n.t('banner.goTo', { n: 3 }) as string }).click());
      expect(currentDot()).toBe(3);
    });
  });

  it('has no dots with a single banner', async () => {
    mockBanners([banner(1, 'w_rng', { linkageType: 1, link: '/promotions' })]);
    renderWithProviders(<BannerCarousel />, { path: '/rng' });
    await screen.findByTestId('banner-carousel');
    expect(screen.queryByTestId('banner-dots')).toBeNull();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/promotions');
  });

  it('is hidden when no banner matches the route group', async () => {
    const fetchMock = vi.fn(
      stubFetch({ '/wps/relay/MCSFE_getListAnnouncements': announcements([banner(1, 'w_home')]) }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<BannerCarousel />, { path: '/live' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(document.querySelector('.banner-carousel--loading')).toBeNull());
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
  });

  it('sends the language with the request', async () => {
    const fetchMock = vi.fn(stubFetch({ '/wps/relay/MCSFE_getListAnnouncements': announcements([]) }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<BannerCarousel />, { path: '/' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('language=bn');
    expect(url).toContain('types=B%2CPL%2CPU%2CPR%2CH');
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('bn');
  });

  it("renders a banner's headline, detail and button as text over its art, in the page's language", async () => {
    const words = {
      en: { headline: 'Deposit with bKash', detail: 'Credited in 5 minutes', button: 'Deposit' },
      bn: { headline: 'বিকাশে জমা দিন', detail: '৫ মিনিটে যোগ হয়', button: 'জমা দিন' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        stubFetch({
          '/wps/relay/MCSFE_getListAnnouncements': ({ url }: { url: URL }) => {
            const language = url.searchParams.get('language') === 'en' ? 'en' : 'bn';
            return announcements([
              banner(1, 'w_home', { linkageType: 1, link: '/rng', title: 'Deposit', ...words[language] }),
              banner(2, 'w_home'),
            ]);
          },
        }),
      ),
    );
    try {
      renderWithProviders(<BannerCarousel group="w_home" />, { path: '/' });
      const link = await screen.findByRole('link', { name: /বিকাশে জমা দিন/ });
      expect(link.getAttribute('href')).toBe('/rng');
      expect(link.textContent).toBe('বিকাশে জমা দিন৫ মিনিটে যোগ হয়জমা দিন');
      // The words carry the banner: its art is decoration. An image-only banner keeps its title as the image's name.
      expect(link.querySelector('img')?.getAttribute('alt')).toBe('');
      expect(screen.getByAltText('Banner 2')).toBeTruthy();

      await act(() => i18n.changeLanguage('en'));
      const english = await screen.findByRole('link', { name: /Deposit with bKash/ });
      expect(english.querySelector('.banner-carousel__headline')?.textContent).toBe('Deposit with bKash');
      expect(english.querySelector('.banner-carousel__detail')?.textContent).toBe('Credited in 5 minutes');
      expect(english.querySelector('.banner-carousel__cta')?.textContent).toBe('Deposit');
    } finally {
      await act(() => i18n.changeLanguage('bn'));
    }
  });

  it('draws drawn art in place, named by the title only when the banner has no words', async () => {
    mockBanners([
      banner(1, 'w_home', { url: '/banners/w_home-1.svg#art', headline: 'Spin', button: 'Play' }),
      banner(2, 'w_home', { url: '/banners/w_home-2.svg#art' }),
    ]);
    renderWithProviders(<BannerCarousel group="w_home" />, { path: '/' });
    await screen.findByText('Spin');
    const arts = [...document.querySelectorAll('svg.banner-carousel__art')];
    expect(arts).toHaveLength(2);
    expect(arts[0]?.querySelector('use')?.getAttribute('href')).toBe('/banners/w_home-1.svg#art');
    expect(arts[0]?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('img', { name: 'Banner 2' })).toBe(arts[1]);
    expect(document.querySelectorAll('img')).toHaveLength(0);
  });

  it('maps aliases of a route to its banner group', () => {
    expect(bannerGroupForPath('/index.html')).toBe('w_home');
    expect(bannerGroupForPath('/home')).toBe('w_home');
    expect(bannerGroupForPath('/register.html')).toBe('w_reg');
    expect(bannerGroupForPath('/noticePage')).toBeUndefined();
  });
});

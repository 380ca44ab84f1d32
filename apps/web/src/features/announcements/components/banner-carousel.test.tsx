import type { Announcements, Banner } from '@portal/shared/api';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});

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

  it('maps aliases of a route to its banner group', () => {
    expect(bannerGroupForPath('/index.html')).toBe('w_home');
    expect(bannerGroupForPath('/home')).toBe('w_home');
    expect(bannerGroupForPath('/register.html')).toBe('w_reg');
    expect(bannerGroupForPath('/noticePage')).toBeUndefined();
  });
});

import type { Resource } from '@portal/shared/api';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { renderWithProviders, stubFetch } from '@/test/render';
import { DownloadPage } from './down';

const t = (key: string) => i18n.t(key) as string;

/** The settings' defaults: every platform points back at this page. */
const PLACEHOLDERS: Resource[] = [
  { resourceType: 'ANDROID', url: '/down#android', qrCodeUrl: null },
  { resourceType: 'IOS', url: '/down#ios', qrCodeUrl: null },
  { resourceType: 'IOS_LITE', url: '/down#lite', qrCodeUrl: null },
];

function renderPage(resources: Resource[], path = '/down') {
  const permission = { settings: { brandName: 'Portal', flags: {} }, customerService: [], resources };
  vi.stubGlobal('fetch', vi.fn(stubFetch({ '/wps/system/permission': permission })));
  return renderWithProviders(<DownloadPage />, { path });
}

const card = (name: string) => screen.getByRole('region', { name });

afterEach(() => vi.unstubAllGlobals());

describe('Download page', () => {
  it.each(['/down', '/download'])('says the apps are not available yet while they point back at %s', async (path) => {
    renderPage(PLACEHOLDERS, path);
    expect(await screen.findByText(t('download.iosUnavailable'))).toBeTruthy();
    expect(screen.getByText(t('download.androidUnavailable'))).toBeTruthy();
    expect(screen.queryByRole('link', { name: t('download.downloadLink') })).toBeNull();
    // The lite variant is the web app itself: its steps stay.
    expect(within(card(t('download.iosLite'))).getByText(t('download.liteStep1'))).toBeTruthy();
  });

  it('says so too when a platform has no resource at all', async () => {
    renderPage([]);
    expect(await screen.findByText(t('download.iosUnavailable'))).toBeTruthy();
    expect(screen.getByText(t('download.androidUnavailable'))).toBeTruthy();
  });

  it('links a configured app, with its QR code', async () => {
    renderPage([
      { resourceType: 'IOS', url: 'https://apps.apple.com/app/id1', qrCodeUrl: '/qr/ios.png' },
      { resourceType: 'ANDROID', url: '/files/portal.apk', qrCodeUrl: null },
      { resourceType: 'IOS_LITE', url: '/down#lite', qrCodeUrl: null },
    ]);
    const ios = await screen.findByRole('region', { name: t('download.ios') });
    const iosLink = within(ios).getByRole('link', { name: t('download.downloadLink') });
    expect(iosLink.getAttribute('href')).toBe('https://apps.apple.com/app/id1');
    expect(iosLink.getAttribute('target')).toBe('_blank');
    expect(within(ios).getByAltText(t('download.qrAlt'))).toBeTruthy();
    const android = card(t('download.android'));
    expect(
      within(android)
        .getByRole('link', { name: t('download.downloadLink') })
        .getAttribute('href'),
    ).toBe('/files/portal.apk');
    expect(screen.queryByText(t('download.iosUnavailable'))).toBeNull();
    expect(screen.queryByText(t('download.androidUnavailable'))).toBeNull();
    expect(within(card(t('download.iosLite'))).queryByRole('link')).toBeNull();
  });
});

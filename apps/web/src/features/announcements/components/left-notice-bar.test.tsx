import type { Announcements, Notice } from '@portal/shared/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { renderWithProviders, stubFetch } from '@/test/render';
import { LeftNoticeBar } from './left-notice-bar';

const t = (key: string) => i18n.t(key) as string;

function notice(id: number, publishedAt: string): Notice {
  return { id, type: 'H', title: `Notice ${id}`, content: `<p>Body of notice ${id}</p>`, publishedAt };
}

function announcements(home: Notice[]): Announcements {
  return { banners: [], player: [], popup: [], promotion: [], home };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LeftNoticeBar', () => {
  it('shows the newest home notice and opens it in the notice modal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        stubFetch({
          '/wps/relay/MCSFE_getListAnnouncements': announcements([
            notice(1, '2026-05-01T08:00:00.000Z'),
            notice(2, '2026-05-03T08:00:00.000Z'),
            notice(3, '2026-05-02T08:00:00.000Z'),
          ]),
        }),
      ),
    );
    renderWithProviders(<LeftNoticeBar />);
    const bar = await screen.findByRole('complementary', { name: t('notice.latest') });
    expect(bar.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(within(bar).getByRole('button', { name: 'Notice 2' }));
    const modal = screen.getByRole('dialog', { name: 'Notice 2' });
    expect(await within(modal).findByText('Body of notice 2')).toBeTruthy();
  });

  it('shows nothing without home notices', async () => {
    const fetchMock = vi.fn(stubFetch({ '/wps/relay/MCSFE_getListAnnouncements': announcements([]) }));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderWithProviders(<LeftNoticeBar />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.querySelector('.left-notice-bar')).toBeNull();
  });

  it('updates to a newer notice on its 60 s refresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let home = [notice(1, '2026-05-01T08:00:00.000Z')];
    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/wps/relay/MCSFE_getListAnnouncements': () => announcements(home) })));
    renderWithProviders(<LeftNoticeBar />);
    expect(await screen.findByRole('button', { name: 'Notice 1' })).toBeTruthy();
    home = [...home, notice(4, '2026-05-04T08:00:00.000Z')];
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await screen.findByRole('button', { name: 'Notice 4' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Notice 1' })).toBeNull();
  });
});

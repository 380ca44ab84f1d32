import type { Announcements, Notice } from '@portal/shared/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '@/components/ui/modal';
import { i18n } from '@/i18n';
import { renderWithProviders, stubFetch } from '@/test/render';
import { NEWS_POPUP_SEEN_KEY, NewsPopup } from './news-popup';

const t = (key: string) => i18n.t(key) as string;

const news: Notice = {
  id: 7,
  type: 'PU',
  title: 'Tuesday maintenance',
  content: '<p>Some slot providers pause from 2 to 4 am.</p>',
  publishedAt: '2026-05-01T08:00:00.000Z',
};

function withNews(): void {
  const value: Announcements = { banners: [], player: [], popup: [news], promotion: [], home: [] };
  vi.stubGlobal('fetch', vi.fn(stubFetch({ '/wps/relay/MCSFE_getListAnnouncements': value })));
}

/** Another dialog of the page (the terms of /help#terms), open from the start or opened later. */
function OtherDialog({ initiallyOpen }: { initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open terms
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Terms">
        <p>1. Eligibility</p>
      </Modal>
    </>
  );
}

const newsDialog = () => screen.queryByRole('dialog', { name: t('notice.news') });
const close = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: t('common.close') }));

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('NewsPopup', () => {
  it('shows the news once a session and closes', async () => {
    withNews();
    renderWithProviders(<NewsPopup />);
    const dialog = await screen.findByRole('dialog', { name: t('notice.news') });
    expect(within(dialog).getByText('Tuesday maintenance')).toBeTruthy();
    expect(window.sessionStorage.getItem(NEWS_POPUP_SEEN_KEY)).toBe('1');
    close(dialog);
    await waitFor(() => expect(newsDialog()).toBeNull());
  });

  it('waits while another dialog is open, and shows after it closes', async () => {
    withNews();
    renderWithProviders(
      <>
        <OtherDialog initiallyOpen />
        <NewsPopup />
      </>,
    );
    const terms = screen.getByRole('dialog', { name: 'Terms' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(newsDialog()).toBeNull();
    close(terms);
    expect(await screen.findByRole('dialog', { name: t('notice.news') })).toBeTruthy();
  });

  it('steps aside for a dialog opened over it and comes back after', async () => {
    withNews();
    renderWithProviders(
      <>
        <OtherDialog initiallyOpen={false} />
        <NewsPopup />
      </>,
    );
    await screen.findByRole('dialog', { name: t('notice.news') });
    fireEvent.click(screen.getByRole('button', { name: 'open terms', hidden: true }));
    const terms = await screen.findByRole('dialog', { name: 'Terms' });
    await waitFor(() => expect(newsDialog()).toBeNull());
    close(terms);
    const dialog = await screen.findByRole('dialog', { name: t('notice.news') });
    close(dialog);
    await waitFor(() => expect(newsDialog()).toBeNull());
  });
});

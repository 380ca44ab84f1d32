import type { AgentNotice } from '@portal/shared/agents';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { clearSessionHintCookie } from '@/test/auth-fixtures';
import { fail } from '@/test/render';
import { renderAnswering } from '../test/render-page';
import { AgentNotices } from './agent-notices';
import '../i18n/register';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

const notices: AgentNotice[] = [
  {
    id: 12,
    title: 'Nagad deposits now beside bKash',
    content: '<p>Your players can now deposit through <strong>Nagad</strong>.</p>',
    publishedAt: '2026-11-25T06:00:00.000Z',
  },
  {
    id: 9,
    title: 'Commission schedule for agents',
    content: '<p>Team figures close at 00:00 Dhaka time.</p><img src="x" onerror="alert(1)">',
    publishedAt: '2026-11-10T06:00:00.000Z',
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionHintCookie();
});

describe('Agent announcements', () => {
  it('lists the notices in the order given (newest first) with title, date and body, the newest open', async () => {
    const queries = renderAnswering('/wps/agent/notices', <AgentNotices />, () => ({ list: notices }));
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.agent-notice__title')?.textContent)).toEqual([
      'Nagad deposits now beside bKash',
      'Commission schedule for agents',
    ]);
    expect(items.map((item) => item.querySelector('time')?.getAttribute('dateTime'))).toEqual([
      '2026-11-25T06:00:00.000Z',
      '2026-11-10T06:00:00.000Z',
    ]);
    const details = items.map((item) => item.querySelector('details'));
    expect(details.map((d) => d?.open)).toEqual([true, false]);
    expect(await within(items[0]!).findByText('Nagad')).toBeTruthy();
    // The body goes through DOMPurify again in the browser: no handler survives.
    await waitFor(() => expect(items[1]!.querySelector('img')).toBeTruthy());
    expect(items[1]!.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(queries[0]).toMatchObject({ language: i18n.language });
  });

  it('says when there is nothing, and offers a retry when the call fails', async () => {
    renderAnswering('/wps/agent/notices', <AgentNotices />, () => ({ list: [] }));
    expect(await screen.findByText(t('agent.notices.none'))).toBeTruthy();
    vi.unstubAllGlobals();
    renderAnswering('/wps/agent/notices', <AgentNotices />, () => fail(500, 'INTERNAL'));
    expect(await screen.findByText(t('common.loadFailed'))).toBeTruthy();
  });
});

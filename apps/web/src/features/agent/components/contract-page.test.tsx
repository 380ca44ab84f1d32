import { CONTRACT_PATHS, type ContractOverview, type WhatIfResult } from '@portal/shared/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { formatDateTime } from '@/lib/date-time';
import { setSessionHint } from '@/test/auth-fixtures';
import { fail, renderWithProviders, type StubRequest, stubFetch } from '@/test/render';
import { contract, contractOverview } from '../test/agent-fixtures';
import { atAgentCentreNow } from '../test/render-centre';
import { ContractPage } from './contract-page';
import '../i18n/register';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;
const PATH = CONTRACT_PATHS.dailyWage;

/** The daily-wage page answering GET with `overview` (read again after each change) and POST with `answer`. */
function renderPage(overview: () => ContractOverview, answer: (body: Record<string, unknown>) => unknown = () => ({})) {
  setSessionHint();
  const posts: Record<string, unknown>[] = [];
  let gets = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      stubFetch({
        [`GET ${PATH}`]: () => {
          gets++;
          return overview();
        },
        [`POST ${PATH}`]: ({ body }: StubRequest) => {
          posts.push(body as Record<string, unknown>);
          return answer(body as Record<string, unknown>);
        },
      }),
    ),
  );
  renderWithProviders(<ContractPage type="dailyWage" />);
  return { posts, gets: () => gets };
}

const offer = contract({
  id: '12',
  state: 'offered',
  offerer: 'bigboss',
  acceptedAt: null,
  terms: { type: 'dailyWage', tiers: [{ minBet: '0.00', rate: '0.60' }] },
  events: [{ state: 'offered', reason: null, by: 'bigboss', at: '2026-11-26T04:00:00.000Z' }],
});

/** The demo agent holding its platform contract, free to offer its downline. */
const offering = () => contractOverview({ own: [contract()], canOffer: true });

const dialog = () => screen.getByTestId('contract-confirm');

atAgentCentreNow();

describe('a contract page: my contract', () => {
  it('shows the active contract, its offerer and tiers, and accepts a waiting offer after saying what it replaces', async () => {
    let accepted = false;
    const { posts, gets } = renderPage(
      () => contractOverview({ own: accepted ? [{ ...offer, state: 'active' }] : [contract(), offer] }),
      () => {
        accepted = true;
        return { ...offer, state: 'active' };
      },
    );
    const active = await screen.findByTestId('contract-active');
    expect(within(active).getByText(t('agent.contracts.from', { from: t('agent.contracts.platform') }))).toBeTruthy();
    const rows = within(active).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['1P 0.000.50\u00a0%', '2P 50,000.000.80\u00a0%']);

    const waiting = screen.getByTestId('contract-offered');
    expect(
      within(waiting).getByText(t('agent.contracts.offerWaiting', { from: 'bigboss' }), { selector: 'h4' }),
    ).toBeTruthy();
    expect(within(waiting).getByText(t('agent.contracts.acceptReplaces'))).toBeTruthy();
    fireEvent.click(within(waiting).getByRole('button', { name: t('agent.contracts.accept') }));
    expect(within(dialog()).getByText(t('agent.contracts.confirm.accept.message'))).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.click(within(dialog()).getByRole('button', { name: t('agent.contracts.confirm.accept.button') }));
    await waitFor(() => expect(posts).toEqual([{ action: 'accept', contractId: '12' }]));
    await waitFor(() => expect(screen.queryByTestId('contract-offered')).toBeNull());
    expect(gets()).toBe(2);
    expect(screen.getByText(t('agent.contracts.done.accept'))).toBeTruthy();
  });

  it('rejects an offer, and cancelling the dialog sends nothing', async () => {
    const { posts } = renderPage(
      () => contractOverview({ own: [offer] }),
      () => ({ ...offer, state: 'rejected' }),
    );
    const waiting = await screen.findByTestId('contract-offered');
    expect(within(waiting).getByText(t('agent.contracts.acceptFirst'))).toBeTruthy();
    fireEvent.click(within(waiting).getByRole('button', { name: t('agent.contracts.reject') }));
    fireEvent.click(within(dialog()).getByRole('button', { name: t('common.cancel') }));
    await waitFor(() => expect(screen.queryByTestId('contract-confirm')).toBeNull());
    fireEvent.click(within(waiting).getByRole('button', { name: t('agent.contracts.reject') }));
    fireEvent.click(within(dialog()).getByRole('button', { name: t('agent.contracts.confirm.reject.button') }));
    await waitFor(() => expect(posts).toEqual([{ action: 'reject', contractId: '12' }]));
  });

  it('shows the server’s message when a change is refused', async () => {
    renderPage(
      () => contractOverview({ own: [offer] }),
      () => fail(409, 'CONTRACT_STATE', 'This contract can no longer be changed this way'),
    );
    fireEvent.click(await screen.findByRole('button', { name: t('agent.contracts.accept') }));
    fireEvent.click(within(dialog()).getByRole('button', { name: t('agent.contracts.confirm.accept.button') }));
    expect(await screen.findByText('This contract can no longer be changed this way')).toBeTruthy();
  });

  it('lists ended contracts with who did what, when, and why', async () => {
    const ended = contract({
      id: '3',
      state: 'terminated',
      offerer: 'bigboss',
      endReason: 'lowerRate',
      events: [
        { state: 'offered', reason: null, by: 'bigboss', at: '2026-11-01T04:00:00.000Z' },
        { state: 'active', reason: null, by: 'demoagent', at: '2026-11-01T05:00:00.000Z' },
        { state: 'terminated', reason: 'lowerRate', by: null, at: '2026-11-10T05:00:00.000Z' },
      ],
    });
    renderPage(() => contractOverview({ own: [ended] }));
    const history = await screen.findByText(t('agent.contracts.history', { count: 1, shown: '1' }));
    const item = history.closest('details')!;
    expect(item.textContent).toContain(t('agent.contracts.reasons.lowerRate'));
    const events = within(item).getByRole('list', { name: t('agent.contracts.events') });
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((li) => li.lastElementChild?.textContent),
    ).toEqual([
      t('agent.contracts.eventBy.offered', { by: 'bigboss' }),
      t('agent.contracts.eventBy.active', { by: 'demoagent' }),
      `${t('agent.contracts.eventBy.terminated', { by: t('agent.contracts.platform') })} (${t('agent.contracts.reasons.lowerRate')})`,
    ]);
    // Each event says when, in Dhaka: 05:00 UTC on 10 November is 11:00 there.
    expect(within(events).getAllByRole('listitem')[2]?.firstElementChild?.textContent).toBe(
      formatDateTime('2026-11-10T05:00:00.000Z', 'bn'),
    );
    expect(screen.getByText(t('agent.contracts.none', { type: t('agent.contracts.types.dailyWage') }))).toBeTruthy();
  });
});

describe('a contract page: the downline’s contracts', () => {
  it('withdraws an offer and ends an active contract, each with its own question', async () => {
    const { posts } = renderPage(() =>
      contractOverview({
        own: [contract()],
        downline: [
          contract({ id: '20', holder: 'karim', offerer: 'demoagent', state: 'offered', acceptedAt: null }),
          contract({ id: '21', holder: 'selim', offerer: 'demoagent' }),
        ],
      }),
    );
    const list = await screen.findByTestId('downline-contracts');
    const karim = list.querySelector<HTMLElement>('[data-holder="karim"]')!;
    const selim = list.querySelector<HTMLElement>('[data-holder="selim"]')!;
    expect(within(karim).getByText(t('agent.contracts.states.offered'))).toBeTruthy();
    fireEvent.click(within(karim).getByRole('button', { name: t('agent.contracts.withdraw') }));
    expect(
      within(dialog()).getByText(t('agent.contracts.confirm.withdraw.message', { account: 'karim' })),
    ).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: t('agent.contracts.confirm.withdraw.button') }));
    await waitFor(() => expect(posts).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('contract-confirm')).toBeNull());
    fireEvent.click(
      within(selim).getByRole('button', { name: t('agent.contracts.endDownline', { account: 'selim' }) }),
    );
    fireEvent.click(within(dialog()).getByRole('button', { name: t('agent.contracts.confirm.end.button') }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts).toEqual([
      { action: 'terminate', contractId: '20' },
      { action: 'terminate', contractId: '21' },
    ]);
  });
});

describe('a contract page: offering', () => {
  it('has no offer form without an active contract of the type', async () => {
    renderPage(() => contractOverview({ own: [offer] }));
    await screen.findByTestId('contract-offered');
    expect(screen.queryByTestId('contract-offer')).toBeNull();
  });

  it('offers the tiers as typed, from the agent’s own table, with amounts and rates written with two places', async () => {
    const { posts } = renderPage(offering, (body) =>
      contract({ id: '40', holder: String(body.account), offerer: 'demoagent', state: 'offered' }),
    );
    const form = await screen.findByTestId('contract-offer');
    const editor = within(form).getByTestId('tier-editor');
    // The editor starts from the agent's own tiers, shown beside it as the cap.
    expect(
      within(editor)
        .getAllByLabelText(t('agent.contracts.fields.rate'))
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['0.50', '0.80']);
    expect(within(form).getByText(t('agent.contracts.capTiers'), { selector: 'h5' })).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(t('agent.contracts.downlineAccount')), {
      target: { value: ' karim ' },
    });
    const rates = within(editor).getAllByLabelText(t('agent.contracts.fields.rate'));
    fireEvent.change(rates[0]!, { target: { value: '0.4' } });
    fireEvent.change(rates[1]!, { target: { value: '0.7' } });
    fireEvent.click(within(editor).getByRole('button', { name: t('agent.contracts.addTier') }));
    const amounts = within(editor).getAllByLabelText(t('agent.contracts.fields.minBet'));
    fireEvent.change(amounts[2]!, { target: { value: '100000' } });
    fireEvent.change(within(editor).getAllByLabelText(t('agent.contracts.fields.rate'))[2]!, {
      target: { value: '0.75' },
    });
    fireEvent.click(within(form).getByRole('button', { name: t('agent.contracts.offer') }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      action: 'offer',
      account: 'karim',
      terms: {
        type: 'dailyWage',
        tiers: [
          { minBet: '0.00', rate: '0.40' },
          { minBet: '50000.00', rate: '0.70' },
          { minBet: '100000.00', rate: '0.75' },
        ],
      },
    });
    expect(await screen.findByText(t('agent.contracts.offered', { account: 'karim' }))).toBeTruthy();
  });

  it('refuses a higher tier that pays less, or asks for no more, and a malformed rate, before sending', async () => {
    const { posts } = renderPage(offering);
    const form = await screen.findByTestId('contract-offer');
    fireEvent.change(within(form).getByLabelText(t('agent.contracts.downlineAccount')), { target: { value: 'karim' } });
    const rates = () => within(form).getAllByLabelText(t('agent.contracts.fields.rate'));
    fireEvent.change(rates()[1]!, { target: { value: '0.30' } });
    fireEvent.click(within(form).getByRole('button', { name: t('agent.contracts.offer') }));
    expect(await within(form).findByText(t('agent.contracts.problems.rateFalls'))).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: t('agent.contracts.whatIf') }));

    fireEvent.change(rates()[1]!, { target: { value: '0.80' } });
    await waitFor(() => expect(within(form).queryByText(t('agent.contracts.problems.rateFalls'))).toBeNull());
    fireEvent.change(within(form).getAllByLabelText(t('agent.contracts.fields.minBet'))[1]!, {
      target: { value: '0' },
    });
    expect(await within(form).findByText(t('agent.contracts.problems.notRising'))).toBeTruthy();

    fireEvent.change(within(form).getAllByLabelText(t('agent.contracts.fields.minBet'))[1]!, {
      target: { value: '50000' },
    });
    fireEvent.change(rates()[0]!, { target: { value: '0.555' } });
    fireEvent.click(within(form).getByRole('button', { name: t('agent.contracts.offer') }));
    expect(await within(form).findByText(t('agent.contracts.problems.rate'))).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('shows the last window paid again with the current contract and with the offer, side by side', async () => {
    const result: WhatIfResult = {
      window: { key: 'day:2026-11-26', start: '2026-11-25T18:00:00.000Z', end: '2026-11-26T18:00:00.000Z' },
      current: [
        { key: 'validBets', amount: '19300.00' },
        { key: 'tier', tier: 1, rate: '0.30' },
        { key: 'gross', amount: '57.90', rate: '0.30', base: '19300.00' },
        { key: 'paid', amount: '57.90' },
      ],
      proposed: [
        { key: 'validBets', amount: '19300.00' },
        { key: 'tier', tier: 1, rate: '0.40' },
        { key: 'gross', amount: '77.20', rate: '0.40', base: '19300.00' },
        { key: 'paid', amount: '77.20' },
      ],
      currentPaid: '57.90',
      proposedPaid: '77.20',
    };
    const { posts } = renderPage(offering, () => result);
    const form = await screen.findByTestId('contract-offer');
    fireEvent.change(within(form).getByLabelText(t('agent.contracts.downlineAccount')), { target: { value: 'karim' } });
    fireEvent.change(within(form).getAllByLabelText(t('agent.contracts.fields.rate'))[0]!, {
      target: { value: '0.40' },
    });
    fireEvent.click(within(form).getByRole('button', { name: t('agent.contracts.whatIf') }));
    const table = await screen.findByTestId('what-if');
    expect(posts[0]).toMatchObject({ action: 'whatIf', account: 'karim', terms: { type: 'dailyWage' } });
    expect(within(table).getByText(t('agent.contracts.whatIfTitle', { window: '২৬ নভে, ২০২৬' }))).toBeTruthy();
    const row = (key: string) =>
      [...table.querySelectorAll(`tr[data-line="${key}"] td`)].map((cell) => cell.textContent);
    expect(row('tier')).toEqual([
      t('agent.statement.lines.tier'),
      t('agent.statement.tierRate', { tier: 1, rate: '0.30' }),
      t('agent.statement.tierRate', { tier: 1, rate: '0.40' }),
    ]);
    expect(row('gross')).toEqual([
      t('agent.statement.lines.gross'),
      `+P 57.90${t('agent.statement.rateOf', { rate: '0.30', base: 'P 19,300.00' })}`,
      `+P 77.20${t('agent.statement.rateOf', { rate: '0.40', base: 'P 19,300.00' })}`,
    ]);
    expect([...within(table).getByTestId('what-if-paid').querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      t('agent.contracts.paidThen'),
      'P 57.90',
      'P 77.20',
    ]);
    // Another rate is another question: the answer to the last one goes.
    fireEvent.change(within(form).getAllByLabelText(t('agent.contracts.fields.rate'))[0]!, {
      target: { value: '0.45' },
    });
    await waitFor(() => expect(screen.queryByTestId('what-if')).toBeNull());
  });
});

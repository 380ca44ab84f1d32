import type { Language } from '@portal/shared/constants';
import { CONTRACT_PATHS } from '@portal/shared/contracts';
import { errorMessage } from '@portal/shared/error-catalogue';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { clearSessionHintCookie, memberInfo, registerSettings } from '@/test/auth-fixtures';
import { fail, type StubRequest } from '@/test/render';
import { consolidatedFunds, contract, contractOverview, inviteLink, inviteLinks } from '../test/agent-fixtures';
import { renderStubbed } from '../test/render-page';
import { RegisterCentre } from './register-centre';
import '../i18n/register';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
}

/** The register centre of an agent of `agentType`, with links answered by `links` and writes recorded. */
function renderCentre(routes: Record<string, unknown> = {}, agentType = 1) {
  const sent: StubRequest[] = [];
  const record = (answer: unknown) => (request: StubRequest) => {
    sent.push(request);
    return typeof answer === 'function' ? answer(request) : answer;
  };
  const view = renderStubbed(<RegisterCentre />, {
    '/wps/member/info': memberInfo({ account: 'demoagent', type: agentType, isAgent: true }),
    '/wps/system/setting/register': registerSettings(),
    '/wps/agent/links': inviteLinks([inviteLink(), inviteLink({ id: '8', code: 'TG2GRUP5KW', source: 'telegram' })]),
    ...Object.fromEntries(Object.entries(routes).map(([key, answer]) => [key, record(answer)])),
  });
  return { ...view, sent };
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionHintCookie();
});

describe('Register centre: opening a downline', () => {
  it('offers players and agents of the agent’s own kind, checks the brand’s rules, then opens the account', async () => {
    const { sent } = renderCentre(
      {
        'POST /wps/agent/downlines': ({ body }: StubRequest) => ({
          ...(body as object),
          nickname: 'Rahim',
          inviteCode: 'NEW12345',
        }),
      },
      41,
    );
    const form = await screen.findByTestId('new-downline-form');
    const typeSelect = within(form).getByLabelText(t('agent.register.type')) as HTMLSelectElement;
    expect([...typeSelect.options].map((option) => [option.value, option.text])).toEqual([
      ['0', t('agent.types.player')],
      ['41', t('agent.types.agentPlayer')],
    ]);

    // Refused here, as the server would: a name starting with a digit, a password without digits, no confirmation.
    type(t('agent.register.account'), '1rahim');
    type(t('agent.register.password'), 'onlyletters');
    fireEvent.click(within(form).getByRole('button', { name: t('agent.register.open') }));
    expect(
      within(form).getByLabelText(t('agent.register.account'), { selector: 'input' }).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(
      within(form).getByLabelText(t('agent.register.password'), { selector: 'input' }).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(sent).toEqual([]);

    type(t('agent.register.account'), ' rahim77 ');
    type(t('agent.register.password'), 'abc12345');
    type(t('agent.register.confirmPassword'), 'abc12345');
    type(t('agent.register.nickname'), 'Rahim');
    fireEvent.change(typeSelect, { target: { value: '41' } });
    fireEvent.click(within(form).getByRole('button', { name: t('agent.register.open') }));
    expect(
      await screen.findByText(t('agent.register.opened', { account: 'rahim77', type: t('agent.types.agentPlayer') })),
    ).toBeTruthy();
    expect(sent.map((request) => request.body)).toEqual([
      { account: 'rahim77', password: 'abc12345', type: 41, nickname: 'Rahim' },
    ]);
    // The form is empty again for the next one.
    expect(
      (within(form).getByLabelText(t('agent.register.account'), { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('');
  });

  it('offers a new agent a contract within the agent’s own tiers, sent with the account', async () => {
    const { sent } = renderCentre({
      '/wps/member/info/funds/consolidated': consolidatedFunds({ dailysalreqtype: true, contracthoursalreq: true }),
      [CONTRACT_PATHS.dailyWage]: contractOverview({ own: [contract()], canOffer: true }),
      // Switched on but not held: not offered.
      [CONTRACT_PATHS.hourlySalary]: contractOverview({ type: 'hourlySalary' }),
      'POST /wps/agent/downlines': ({ body }: StubRequest) => ({
        ...(body as object),
        nickname: null,
        inviteCode: 'NEW12345',
      }),
    });
    const form = await screen.findByTestId('new-downline-form');
    // A player gets no contract.
    expect(within(form).queryByTestId('downline-contract')).toBeNull();
    fireEvent.change(within(form).getByLabelText(t('agent.register.type')), { target: { value: '1' } });
    const fields = await within(form).findByTestId('downline-contract');
    const kind = within(fields).getByLabelText(t('agent.register.contractType')) as HTMLSelectElement;
    expect([...kind.options].map((option) => option.value)).toEqual(['', 'dailyWage']);
    fireEvent.change(kind, { target: { value: 'dailyWage' } });

    type(t('agent.register.account'), 'karim55');
    type(t('agent.register.password'), 'abc12345');
    type(t('agent.register.confirmPassword'), 'abc12345');
    // The editor starts from the agent's own tiers; a rate typed wrongly is refused before sending.
    const rates = within(fields).getAllByLabelText(t('agent.contracts.fields.rate'), {
      selector: 'input',
    }) as HTMLInputElement[];
    expect(rates.map((input) => input.value)).toEqual(['0.50', '0.80']);
    fireEvent.change(rates[0]!, { target: { value: 'abc' } });
    fireEvent.click(within(form).getByRole('button', { name: t('agent.register.open') }));
    expect(rates[0]!.getAttribute('aria-invalid')).toBe('true');
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    fireEvent.change(rates[0]!, { target: { value: '0.30' } });
    fireEvent.click(within(form).getByRole('button', { name: t('agent.register.open') }));
    expect(
      await screen.findByText(
        t('agent.register.openedOffered', {
          account: 'karim55',
          type: t('agent.types.agent'),
          contract: t('agent.contracts.types.dailyWage'),
        }),
      ),
    ).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      {
        account: 'karim55',
        password: 'abc12345',
        type: 1,
        contract: {
          type: 'dailyWage',
          terms: {
            type: 'dailyWage',
            tiers: [
              { minBet: '0.00', rate: '0.30' },
              { minBet: '50000.00', rate: '0.80' },
            ],
          },
        },
      },
    ]);
  });

  it('shows a taken account under the account field with the server’s message', async () => {
    renderCentre({
      'POST /wps/agent/downlines': fail(409, 'USERNAME_TAKEN', 'This username is already registered', {
        field: 'username',
      }),
    });
    const form = await screen.findByTestId('new-downline-form');
    type(t('agent.register.account'), 'rahim77');
    type(t('agent.register.password'), 'abc12345');
    type(t('agent.register.confirmPassword'), 'abc12345');
    fireEvent.click(within(form).getByRole('button', { name: t('agent.register.open') }));
    expect(await within(form).findByText('This username is already registered')).toBeTruthy();
    expect(
      within(form).getByLabelText(t('agent.register.account'), { selector: 'input' }).getAttribute('aria-invalid'),
    ).toBe('true');
    // The passwords are typed again rather than kept in the form.
    expect(
      (within(form).getByLabelText(t('agent.register.password'), { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('');
  });
});

describe('Register centre: invitation links', () => {
  it('shows the default link and each link with its address, figures and a QR code on demand', async () => {
    renderCentre();
    const panel = await screen.findByTestId('invite-links');
    const address = `${window.location.origin}/register?affiliateCode=`;
    const own = within(panel).getByRole('article', { name: t('agent.links.default') });
    expect((within(own).getByRole('textbox') as HTMLInputElement).value).toBe(`${address}AGENT8CD`);
    const facebook = within(panel).getByRole('article', { name: 'facebook-page' });
    expect((within(facebook).getByRole('textbox') as HTMLInputElement).value).toBe(`${address}FB3TEAM7RX`);
    const figures = within(facebook)
      .getAllByRole('definition')
      .map((cell) => cell.textContent);
    expect(figures).toEqual(['12', '5', 'P 12,500.50']);
    expect(within(facebook).getByText('Pinned post')).toBeTruthy();

    expect(within(facebook).queryByTestId('invite-qr')).toBeNull();
    fireEvent.click(within(facebook).getByRole('button', { name: t('agent.links.showQr') }));
    const qr = await within(facebook).findByTestId('invite-qr');
    expect(qr.getAttribute('aria-label')).toBe(t('agent.links.qr', { title: 'facebook-page' }));
    // A real code of the address: a version-3 symbol (29 modules) in its quiet zone, with many dark modules.
    expect(qr.getAttribute('viewBox')).toMatch(/^0 0 (37|41|45) \1$/);
    expect(qr.querySelector('path')?.getAttribute('d')?.split('z').length).toBeGreaterThan(200);
  });

  it('makes a link from a source tag, refusing a bad tag before sending and a taken one from the server', async () => {
    let taken = true;
    const { sent } = renderCentre({
      'POST /wps/agent/links': ({ body }: StubRequest) =>
        taken
          ? fail(409, 'INVITE_SOURCE_TAKEN', 'You already have a link for this source tag', { field: 'source' })
          : inviteLink({ id: '9', source: (body as { source: string }).source }),
    });
    const form = await screen.findByRole('form', { name: t('agent.links.new') });
    fireEvent.change(within(form).getByLabelText(t('agent.links.source'), { selector: 'input' }), {
      target: { value: 'tele gram' },
    });
    fireEvent.click(within(form).getByRole('button', { name: t('agent.links.make') }));
    expect(
      await within(form).findByText(errorMessage('INVITE_SOURCE_INVALID', i18n.language as Language)),
    ).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(form).getByLabelText(t('agent.links.source'), { selector: 'input' }), {
      target: { value: ' Telegram ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: t('agent.links.make') }));
    expect(await within(form).findByText('You already have a link for this source tag')).toBeTruthy();
    expect(sent.map((request) => request.body)).toEqual([{ source: 'telegram' }]);

    taken = false;
    fireEvent.change(within(form).getByLabelText(t('agent.links.source'), { selector: 'input' }), {
      target: { value: 'youtube' },
    });
    fireEvent.change(within(form).getByLabelText(t('agent.links.note'), { selector: 'input' }), {
      target: { value: 'Channel description' },
    });
    fireEvent.click(within(form).getByRole('button', { name: t('agent.links.make') }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toEqual({ source: 'youtube', note: 'Channel description' });
  });

  it('turns a link off and edits its note', async () => {
    const { sent } = renderCentre({
      'PATCH /wps/agent/links/8': ({ body }: StubRequest) => inviteLink({ id: '8', ...(body as object) }),
    });
    const panel = await screen.findByTestId('invite-links');
    const telegram = within(panel).getByRole('article', { name: 'telegram' });
    fireEvent.click(within(telegram).getByRole('button', { name: t('agent.links.turnOff') }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PATCH', body: { enabled: false } });

    fireEvent.click(within(telegram).getByRole('button', { name: t('agent.links.edit') }));
    const edit = within(telegram).getByRole('form', { name: t('agent.links.edit') });
    fireEvent.change(within(edit).getByLabelText(t('agent.links.note'), { selector: 'input' }), {
      target: { value: '' },
    });
    fireEvent.click(within(edit).getByRole('button', { name: t('agent.links.save') }));
    await waitFor(() => expect(sent).toHaveLength(2));
    // An emptied note is removed, not kept as an empty text.
    expect(sent[1]?.body).toEqual({ source: 'telegram', note: null });
  });
});

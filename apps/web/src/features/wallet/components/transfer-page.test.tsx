import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { memberInfo } from '@/test/auth-fixtures';
import { renderWithProviders, type StubRequest } from '@/test/render';
import { callsTo, page, recordFetch } from '../test/wallet-fixtures';
import { TransferPage } from './transfer-page';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

function fill(container: HTMLElement, label: string, value: string) {
  fireEvent.change(within(container).getByLabelText(label), { target: { value } });
}

afterEach(() => vi.unstubAllGlobals());

describe('Transfer page', () => {
  it('sends money to the upline and shows the balance after it', async () => {
    const calls = recordFetch({
      '/wps/wallet/transfer/parties': { upline: { account: 'agent01', nickname: 'Karim' }, downlines: page([]) },
      'POST /wps/wallet/transfers': { transferNo: 'T1', to: 'agent01', amount: '250.00', balance: '750.00' },
    });
    renderWithProviders(
      <TransferPage
        member={memberInfo({ upline: 'agent01', toUpline: true })}
        symbol="৳"
        hasPaymentPassword
        onSetPaymentPassword={() => {}}
      />,
    );
    expect(await screen.findByText(t('wallet.transfer.toUpline', { account: 'agent01 (Karim)' }))).toBeTruthy();
    // Not an agent: no downline list.
    expect(screen.queryByText(t('wallet.transfer.downlines'))).toBeNull();
    const form = screen.getByTestId('transfer-form');
    fill(form, t('wallet.amount.label'), '0');
    fill(form, t('wallet.paymentPassword.label'), '123456');
    fireEvent.click(within(form).getByRole('button', { name: t('wallet.transfer.submit') }));
    expect(within(form).getByText(t('wallet.amount.problems.invalid'))).toBeTruthy();

    fill(form, t('wallet.amount.label'), '250');
    fireEvent.click(within(form).getByRole('button', { name: t('wallet.transfer.submit') }));
    await within(form).findByText(t('wallet.transfer.balanceNow'), { exact: false });
    expect(form.textContent).toContain('৳ 750.00');
    const [post] = callsTo(calls, 'POST', '/wps/wallet/transfers');
    expect(post?.json).toEqual({ to: 'agent01', amount: '250.00', paymentPassword: '123456' });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets an agent search the downlines and pick one', async () => {
    const calls = recordFetch({
      '/wps/wallet/transfer/parties': ({ url }: StubRequest) => ({
        upline: null,
        downlines:
          url.searchParams.get('search') === 'rah'
            ? page([{ account: 'rahim', nickname: null }])
            : page(
                [
                  { account: 'player1', nickname: null },
                  { account: 'rahim', nickname: null },
                ],
                { totalPages: 2, total: 12 },
              ),
      }),
    });
    renderWithProviders(
      <TransferPage
        member={memberInfo({ type: 1, isAgent: true })}
        symbol="৳"
        hasPaymentPassword
        onSetPaymentPassword={() => {}}
      />,
    );
    const list = await screen.findByTestId('downline-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText(t('wallet.transfer.search')), { target: { value: ' rah ' } });
    fireEvent.click(screen.getByRole('button', { name: t('wallet.transfer.searchButton') }));
    await waitFor(() => expect(within(screen.getByTestId('downline-list')).getAllByRole('listitem')).toHaveLength(1));
    const last = callsTo(calls, 'GET', '/wps/wallet/transfer/parties').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({ search: 'rah', pageNo: '1', pageSize: '10' });

    fireEvent.click(screen.getByRole('button', { name: /rahim/ }));
    expect(screen.getByText(t('wallet.transfer.toDownline', { account: 'rahim' }))).toBeTruthy();
    expect(screen.getByTestId('transfer-form')).toBeTruthy();
  });

  it('asks for a payment password first when there is none', async () => {
    recordFetch({
      '/wps/wallet/transfer/parties': { upline: { account: 'agent01', nickname: null }, downlines: page([]) },
    });
    const onSetPaymentPassword = vi.fn();
    renderWithProviders(
      <TransferPage
        member={memberInfo({ upline: 'agent01', toUpline: true })}
        symbol="৳"
        hasPaymentPassword={false}
        onSetPaymentPassword={onSetPaymentPassword}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: t('wallet.paymentPassword.set') }));
    expect(onSetPaymentPassword).toHaveBeenCalled();
    expect(screen.queryByTestId('transfer-form')).toBeNull();
  });
});

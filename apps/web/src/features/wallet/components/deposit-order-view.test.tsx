import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { fail, renderWithProviders } from '@/test/render';
import { callsTo, depositOrder, imageFile, recordFetch } from '../test/wallet-fixtures';
import { DepositOrderView, safePayUrl } from './deposit-order-view';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

function chooseReceipt(file: File) {
  const input = screen.getByLabelText(t('wallet.deposit.receipt')) as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

afterEach(() => vi.unstubAllGlobals());

describe('Deposit order view', () => {
  it('shows a manual channel’s receiving account, amount and time left, then reports the payment', async () => {
    const order = depositOrder();
    const calls = recordFetch({
      '/wps/wallet/deposits/D20240501001': order,
      'POST /wps/wallet/deposits/D20240501001/submit': depositOrder({
        status: 'waiting_confirmation',
        transactionRef: '8N7A6B5C4D',
        hasReceipt: true,
      }),
    });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderWithProviders(<DepositOrderView orderNo="D20240501001" symbol="৳" onNew={() => {}} />);

    const account = await screen.findByTestId('receiving-account');
    expect(account.textContent).toContain('bKash');
    expect(account.textContent).toContain('Portal Ops');
    expect(account.textContent).toContain('01712345678');
    expect(account.textContent).toContain('৳ 1,500.00');
    expect(screen.getByText(t('wallet.status.deposit.created'))).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^00:(29|30):\d\d$/);

    await act(async () => {
      fireEvent.click(within(account).getByRole('button', { name: new RegExp(t('copy.button')) }));
    });
    expect(writeText).toHaveBeenCalledWith('01712345678');
    expect(await screen.findByText(t('copy.done'))).toBeTruthy();

    // The transaction id must look like one.
    const report = screen.getByRole('button', { name: t('wallet.deposit.report') });
    fireEvent.click(report);
    expect(screen.getByText(t('form.required'))).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t('wallet.deposit.transactionRef')), { target: { value: 'ab c!' } });
    fireEvent.click(report);
    expect(screen.getByText(t('wallet.deposit.transactionRefInvalid'))).toBeTruthy();

    // The file control speaks the page's language: its own button, and no "No file chosen" once one is.
    expect(screen.getByText(t('wallet.upload.choose', { count: 1 }), { selector: 'label' })).toBeTruthy();
    expect(screen.getByText(t('wallet.upload.none'))).toBeTruthy();
    // The receipt is checked here: a gif and a 6 MB picture are refused with a message; a png is taken.
    chooseReceipt(imageFile('receipt.gif', 'image/gif'));
    expect(screen.getByText(t('wallet.upload.wrongType', { name: 'receipt.gif' }))).toBeTruthy();
    chooseReceipt(imageFile('big.png', 'image/png', 6 * 1024 * 1024));
    expect(screen.getByText(t('wallet.upload.tooLarge', { name: 'big.png', mb: 5 }))).toBeTruthy();
    const receipt = imageFile('receipt.png', 'image/png', 200_000);
    chooseReceipt(receipt);
    expect(screen.getByText('receipt.png', { selector: '.image-picker__name' })).toBeTruthy();
    expect(screen.queryByText(t('wallet.upload.none'))).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(screen.getByLabelText(t('wallet.deposit.transactionRef')), { target: { value: '8N7A6B5C4D' } });
    fireEvent.click(report);
    await screen.findByText(t('wallet.deposit.waiting'));
    expect(screen.getByText(t('wallet.status.deposit.waiting_confirmation'))).toBeTruthy();
    expect(screen.queryByTestId('deposit-submit-form')).toBeNull();

    const submit = callsTo(calls, 'POST', '/wps/wallet/deposits/D20240501001/submit')[0]!;
    expect(submit.form?.get('transactionRef')).toBe('8N7A6B5C4D');
    expect((submit.form?.get('receipt') as File | null)?.name).toBe('receipt.png');
    // The browser writes the multipart boundary itself.
    expect(submit.headers['Content-Type']).toBeUndefined();
  });

  it('shows the server’s refusal of a report', async () => {
    recordFetch({
      '/wps/wallet/deposits/D20240501001': depositOrder(),
      'POST /wps/wallet/deposits/D20240501001/submit': fail(400, 'FIELD_INVALID', 'এই ট্রানজ্যাকশন আইডি আগেই ব্যবহার হয়েছে'),
    });
    renderWithProviders(<DepositOrderView orderNo="D20240501001" symbol="৳" onNew={() => {}} />);
    fireEvent.change(await screen.findByLabelText(t('wallet.deposit.transactionRef')), {
      target: { value: 'TRX-1234' },
    });
    fireEvent.click(screen.getByRole('button', { name: t('wallet.deposit.report') }));
    expect(await screen.findByText('এই ট্রানজ্যাকশন আইডি আগেই ব্যবহার হয়েছে')).toBeTruthy();
  });

  it('sends a provider channel’s order to the gateway', async () => {
    recordFetch({
      '/wps/wallet/deposits/D2': depositOrder({
        orderNo: 'D2',
        mode: 'provider',
        receivingAccount: null,
        payUrl: '/sandbox-pay/SBX-42?amount=1500.00',
      }),
    });
    renderWithProviders(<DepositOrderView orderNo="D2" symbol="৳" onNew={() => {}} />);
    const pay = await screen.findByRole('link', { name: t('wallet.deposit.payNow') });
    expect(pay.getAttribute('href')).toBe('/sandbox-pay/SBX-42?amount=1500.00');
    expect(screen.queryByTestId('receiving-account')).toBeNull();
    expect(screen.queryByTestId('deposit-submit-form')).toBeNull();
  });

  it('links only to http(s) payment pages', () => {
    expect(safePayUrl('https://pay.example.com/x')).toBe('https://pay.example.com/x');
    expect(safePayUrl('/sandbox-pay/SBX-1?amount=10.00')).toBe('/sandbox-pay/SBX-1?amount=10.00');
    expect(safePayUrl('javascript:alert(1)')).toBeNull();
    expect(safePayUrl(null)).toBeNull();
  });

  it('says why an order was rejected', async () => {
    recordFetch({
      '/wps/wallet/deposits/D3': depositOrder({ orderNo: 'D3', status: 'rejected', rejectReason: 'Amount mismatch' }),
    });
    renderWithProviders(<DepositOrderView orderNo="D3" symbol="৳" onNew={() => {}} />);
    await waitFor(() => expect(screen.getByText(t('wallet.status.deposit.rejected'))).toBeTruthy());
    expect(screen.getByRole('alert').textContent).toContain(t('wallet.reason', { reason: 'Amount mismatch' }));
    expect(screen.queryByRole('timer')).toBeNull();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { fail, renderWithProviders } from '@/test/render';
import { callsTo, recordFetch } from '../test/wallet-fixtures';
import { SandboxPaymentPage } from './sandbox-payment-page';

const t = (key: string) => i18n.t(key) as string;

function renderPage() {
  renderWithProviders(
    <Routes>
      <Route path="/sandbox-pay/:providerRef" element={<SandboxPaymentPage />} />
    </Routes>,
    { path: '/sandbox-pay/SBX-42?amount=1500.00' },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Sandbox payment page', () => {
  it('shows the amount and completes the payment as paid', async () => {
    const calls = recordFetch({ 'POST /sandbox/payments/SBX-42/complete': { status: 'paid' } });
    renderPage();
    expect(screen.getByRole('heading', { name: t('wallet.sandbox.title') })).toBeTruthy();
    expect(screen.getByTestId('sandbox-pay').textContent).toContain('1,500.00');
    fireEvent.click(screen.getByRole('button', { name: t('wallet.sandbox.pay') }));
    expect(await screen.findByText(t('wallet.sandbox.paid'))).toBeTruthy();
    expect(callsTo(calls, 'POST', '/sandbox/payments/SBX-42/complete')[0]?.json).toEqual({ outcome: 'paid' });
    expect(screen.queryByRole('button', { name: t('wallet.sandbox.fail') })).toBeNull();
  });

  it('shows a refusal and lets the tester try again', async () => {
    recordFetch({ 'POST /sandbox/payments/SBX-42/complete': fail(409, 'ALREADY_COMPLETED', 'Already completed') });
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: t('wallet.sandbox.fail') }));
    expect(await screen.findByText('Already completed')).toBeTruthy();
    expect(screen.getByRole('button', { name: t('wallet.sandbox.pay') })).toBeTruthy();
  });
});

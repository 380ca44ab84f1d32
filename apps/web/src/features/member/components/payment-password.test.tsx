import { errorMessage } from '@portal/shared/error-catalogue';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { fail, renderWithProviders, type StubRequest, stubFetch } from '@/test/render';
import { PaymentPassword } from './payment-password';

const t = (key: string) => i18n.t(key) as string;

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function stub(answer: unknown) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      stubFetch({
        'POST /wps/member/password/payment': (request: StubRequest) => {
          bodies.push(request.body);
          return answer;
        },
      }),
    ),
  );
  return bodies;
}

afterEach(() => vi.unstubAllGlobals());

describe('PaymentPassword', () => {
  it('sets a 6-digit payment password with the login password', async () => {
    const bodies = stub({});
    const onDone = vi.fn();
    renderWithProviders(<PaymentPassword hasPaymentPassword={false} onDone={onDone} />);
    expect(screen.getByText(t('member.paymentPassword.off'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('member.paymentPassword.set') }));
    const save = screen.getByRole('button', { name: t('member.paymentPassword.save') });

    fireEvent.click(save);
    expect(screen.getByText(t('form.required'))).toBeTruthy();
    expect(screen.getByText(t('member.paymentPassword.invalid'))).toBeTruthy();

    fill(t('member.paymentPassword.loginPassword'), 'Demo1234');
    // Only digits stay, six at most.
    fill(t('member.paymentPassword.new'), '12ab34567');
    expect((screen.getByLabelText(t('member.paymentPassword.new')) as HTMLInputElement).value).toBe('123456');
    fill(t('member.paymentPassword.confirm'), '123450');
    fireEvent.click(save);
    expect(screen.getByText(errorMessage('CONFIRMATION_MISMATCH', 'bn'))).toBeTruthy();

    fill(t('member.paymentPassword.confirm'), '123456');
    fireEvent.click(save);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies).toEqual([
      { loginPassword: 'Demo1234', newPaymentPassword: '123456', confirmPaymentPassword: '123456' },
    ]);
    expect(screen.queryByRole('button', { name: t('member.paymentPassword.save') })).toBeNull();
  });

  it('opens at once when a money page sent the member here, and shows a refusal', async () => {
    stub(fail(400, 'FIELD_INVALID', 'লগইন পাসওয়ার্ড সঠিক নয়', { field: 'loginPassword' }));
    renderWithProviders(<PaymentPassword hasPaymentPassword startOpen />);
    expect(screen.getByText(t('member.paymentPassword.on'))).toBeTruthy();
    fill(t('member.paymentPassword.loginPassword'), 'wrong');
    fill(t('member.paymentPassword.new'), '654321');
    fill(t('member.paymentPassword.confirm'), '654321');
    fireEvent.click(screen.getByRole('button', { name: t('member.paymentPassword.save') }));
    expect(await screen.findByText('লগইন পাসওয়ার্ড সঠিক নয়')).toBeTruthy();
    expect(screen.getByLabelText(t('member.paymentPassword.loginPassword')).getAttribute('aria-invalid')).toBe('true');
  });
});

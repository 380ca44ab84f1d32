import { errorMessage } from '@portal/shared/error-catalogue';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { loginSession, memberInfo, registerSettings } from '@/test/auth-fixtures';
import { fail, renderWithProviders, type StubRequest, stubFetch } from '@/test/render';
import { ForgotPasswordForm, resetMethods } from './forgot-password-form';

const t = (key: string) => i18n.t(key) as string;

function renderForgot(flags: Record<string, boolean>, routes: Record<string, unknown> = {}, onMailSent = vi.fn()) {
  vi.stubGlobal('fetch', vi.fn(stubFetch({ '/wps/system/setting/register': registerSettings(), ...routes })));
  return renderWithProviders(<ForgotPasswordForm flags={flags} onMailSent={onMailSent} />, { path: '/forget' });
}

afterEach(() => vi.unstubAllGlobals());

describe('resetMethods', () => {
  it('offers both only when SMS and mail verification are on; else mobile with SMS, else e-mail', () => {
    expect(resetMethods({ CHNGPASSVERIF3: true, CHNGPASSMAIL3: true })).toEqual(['mobile', 'email']);
    expect(resetMethods({ CHNGPASSVERIF3: true })).toEqual(['mobile']);
    expect(resetMethods({ CHNGPASSMAIL3: true })).toEqual(['email']);
    expect(resetMethods({})).toEqual(['email']);
  });
});

describe('ForgotPasswordForm', () => {
  it('shows tabs only when both methods are on', async () => {
    renderForgot({ CHNGPASSVERIF3: true, CHNGPASSMAIL3: true });
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      t('auth.forget.methods.mobile'),
      t('auth.forget.methods.email'),
    ]);
    vi.unstubAllGlobals();
    document.body.innerHTML = '';

    renderForgot({ CHNGPASSVERIF3: true });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(await screen.findByTestId('forget-mobile')).toBeTruthy();
  });

  it('mails a reset link as a form post and says so', async () => {
    const requests: StubRequest[] = [];
    const onMailSent = vi.fn();
    renderForgot(
      {},
      {
        'POST /wps/member/password/email': (request: StubRequest) => {
          requests.push(request);
          return null;
        },
      },
      onMailSent,
    );
    fireEvent.change(screen.getByLabelText(t('auth.username')), { target: { value: 'demo' } });
    fireEvent.change(screen.getByLabelText(t('auth.fields.email')), { target: { value: 'demo@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: t('auth.forget.sendMail') }));
    const dialog = await screen.findByTestId('mail-sent');
    expect(dialog.textContent).toContain(t('in_been_out'));
    expect(requests[0]?.body).toEqual({ username: 'demo', email: 'demo@example.com' });
    fireEvent.click(within(dialog).getByRole('button', { name: t('in_increase_submit') }));
    expect(onMailSent).toHaveBeenCalled();
  });

  it('shows the message of an unknown user or e-mail', async () => {
    renderForgot(
      {},
      { 'POST /wps/member/password/email': fail(404, 'USER_EMAIL_NOT_FOUND', 'Username/Email does not exist') },
    );
    fireEvent.change(screen.getByLabelText(t('auth.username')), { target: { value: 'nobody' } });
    fireEvent.change(screen.getByLabelText(t('auth.fields.email')), { target: { value: 'x@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: t('auth.forget.sendMail') }));
    expect((await screen.findByRole('alert')).textContent).toBe('Username/Email does not exist');
  });

  it('resets by SMS and signs straight in with the new password', async () => {
    const logins: StubRequest[] = [];
    const resets: StubRequest[] = [];
    const { router } = renderForgot(
      { CHNGPASSVERIF3: true },
      {
        'POST /wps/member/password/verification': (request: StubRequest) => {
          resets.push(request);
          return { account: 'demo' };
        },
        'POST /wps/session/login': (request: StubRequest) => {
          logins.push(request);
          return loginSession();
        },
        '/wps/member/info': memberInfo(),
      },
    );
    const mobile = await screen.findByRole('textbox', { name: t('auth.mobile') });
    fireEvent.change(screen.getByLabelText(t('auth.smsCode')), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText(t('auth.newPassword')), { target: { value: 'abc12345' } });
    // A Bangladeshi landline is not a mobile number.
    fireEvent.change(mobile, { target: { value: '02-55123456' } });
    fireEvent.click(screen.getByRole('button', { name: t('auth.forget.submit') }));
    expect(await screen.findByText(errorMessage('PHONE_INVALID', 'bn'))).toBeTruthy();
    expect(resets).toHaveLength(0);

    fireEvent.change(mobile, { target: { value: '01712345678' } });
    fireEvent.click(screen.getByRole('button', { name: t('auth.forget.submit') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(resets[0]?.body).toMatchObject({ mobileNum: '1712345678', countryDialingCode: '880' });
    expect(logins[0]?.body).toMatchObject({ type: 'username', username: 'demo', password: 'abc12345' });
  });
});

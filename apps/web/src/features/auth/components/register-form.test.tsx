import { errorMessage } from '@portal/shared/error-catalogue';
import { mobileInvalidMessage } from '@portal/shared/phone';
import { ruleMessage } from '@portal/shared/validation';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { loginSession, memberInfo, registerSettings } from '@/test/auth-fixtures';
import { fail, renderWithProviders, type StubRequest, stubFetch } from '@/test/render';
import { RegisterForm } from './register-form';

const t = (key: string) => i18n.t(key) as string;

function renderRegister(routes: Record<string, unknown>, path = '/register') {
  const fetchMock = vi.fn(stubFetch(routes));
  vi.stubGlobal('fetch', fetchMock);
  const view = renderWithProviders(<RegisterForm variant="page" />, { path });
  return { ...view, fetchMock };
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: t('auth.register.submit') }));
}

function registerCalls(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
}

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.changeLanguage('bn');
});

describe('RegisterForm', () => {
  it('checks every field with the shared rules, in the current language, before sending', async () => {
    const settings = registerSettings();
    const { fetchMock } = renderRegister({ '/wps/system/setting/register': settings });
    await screen.findByLabelText(t('auth.fields.username'));
    type(t('auth.fields.username'), '1abc');
    type(t('auth.fields.password'), 'abcdef1');
    type(t('auth.fields.confirmPassword'), 'abcdef2');
    submit();
    expect(screen.getByText(ruleMessage(settings.fields.username, 'bn'))).toBeTruthy();
    expect(screen.getByText(errorMessage('CONFIRMATION_MISMATCH', 'bn'))).toBeTruthy();
    expect(registerCalls(fetchMock)).toHaveLength(0);

    await i18n.changeLanguage('en');
    submit();
    expect(await screen.findByText('6-16 letters or digits, starting with a letter')).toBeTruthy();
    expect(screen.getByText('Incorrect confirmation input')).toBeTruthy();
  });

  it('stops with the terms message when the terms box is unticked (it starts ticked)', async () => {
    const { fetchMock } = renderRegister({ '/wps/system/setting/register': registerSettings() });
    const terms = (await screen.findByRole('checkbox')) as HTMLInputElement;
    expect(terms.checked).toBe(true);
    fireEvent.click(terms);
    submit();
    expect(screen.getByText(errorMessage('TERMS_NOT_ACCEPTED', 'bn'))).toBeTruthy();
    expect(registerCalls(fetchMock)).toHaveLength(0);
  });

  it('sends the record with the referral code of the address, and shows a server field error under its field', async () => {
    const bodies: unknown[] = [];
    renderRegister(
      {
        '/wps/system/setting/register': registerSettings(),
        '/wps/agent/affiliate': { valid: true, agent: 'agent1' },
        'PUT /wps/member/register': (request: StubRequest) => {
          bodies.push(request.body);
          return fail(400, 'USERNAME_TAKEN', 'This username is already registered');
        },
      },
      '/register?referralCode=AG42',
    );
    await screen.findByLabelText(t('auth.fields.username'));
    type(t('auth.fields.username'), 'newplayer');
    type(t('auth.fields.password'), 'abc12345');
    type(t('auth.fields.confirmPassword'), 'abc12345');
    submit();
    expect(await screen.findByText('This username is already registered')).toBeTruthy();
    expect(screen.getByLabelText(t('auth.fields.username')).getAttribute('aria-invalid')).toBe('true');
    expect(bodies[0]).toMatchObject({
      username: 'newplayer',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      affiliateCode: 'AG42',
      referralCode: 'AG42',
      acceptTerms: true,
      login: true,
      registerMethod: 'WEB',
      domain: window.location.host,
    });
  });

  it("fills the invitation code from an agent's link (affiliateCode) and registers with it", async () => {
    const bodies: unknown[] = [];
    const checked: string[] = [];
    renderRegister(
      {
        '/wps/system/setting/register': registerSettings(),
        '/wps/agent/affiliate': ({ url }: StubRequest) => {
          checked.push(url.searchParams.get('code') ?? '');
          return { valid: true, agent: 'demoagent' };
        },
        'PUT /wps/member/register': (request: StubRequest) => {
          bodies.push(request.body);
          return fail(400, 'USERNAME_TAKEN', 'This username is already registered');
        },
      },
      '/register?affiliateCode=FB3TEAM7RX',
    );
    // The brand hides the code field here: the link's code goes with the registration all the same.
    await screen.findByLabelText(t('auth.fields.username'));
    expect(screen.queryByLabelText(t('auth.fields.affiliateCode'))).toBeNull();
    type(t('auth.fields.username'), 'newplayer');
    type(t('auth.fields.password'), 'abc12345');
    type(t('auth.fields.confirmPassword'), 'abc12345');
    submit();
    await screen.findByText('This username is already registered');
    expect(checked).toEqual(['FB3TEAM7RX']);
    expect(bodies[0]).toMatchObject({ affiliateCode: 'FB3TEAM7RX' });
    expect(bodies[0]).not.toHaveProperty('referralCode');
  });

  it('shows FIELD_INVALID under the named field', async () => {
    renderRegister({
      '/wps/system/setting/register': registerSettings(),
      'PUT /wps/member/register': fail(400, 'FIELD_INVALID', 'Password format is incorrect', { field: 'password' }),
    });
    await screen.findByLabelText(t('auth.fields.username'));
    type(t('auth.fields.username'), 'newplayer');
    type(t('auth.fields.password'), 'abc12345');
    type(t('auth.fields.confirmPassword'), 'abc12345');
    submit();
    expect(await screen.findByText('Password format is incorrect')).toBeTruthy();
    expect(screen.getByLabelText(t('auth.fields.password')).getAttribute('aria-invalid')).toBe('true');
  });

  it('warns about an invalid invitation code and stops', async () => {
    const { fetchMock } = renderRegister(
      {
        '/wps/system/setting/register': registerSettings(),
        '/wps/agent/affiliate': fail(400, 'INVITATION_CODE_ERROR', 'Invalid invitation code'),
      },
      '/register?referralCode=NOPE',
    );
    await screen.findByLabelText(t('auth.fields.username'));
    type(t('auth.fields.username'), 'newplayer');
    type(t('auth.fields.password'), 'abc12345');
    type(t('auth.fields.confirmPassword'), 'abc12345');
    submit();
    const dialog = await screen.findByTestId('invitation-error');
    expect(within(dialog).getByText(t('invitation_code_error'))).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: t('in_increase_submit') })).toBeTruthy();
    expect(registerCalls(fetchMock)).toHaveLength(0);
  });

  it('shows type tabs only when both types are offered, and the mobile type asks for the number', async () => {
    renderRegister({
      '/wps/system/setting/register': registerSettings({
        types: ['register', 'registerMobile'],
        defaultType: 'registerMobile',
        smsVerification: true,
      }),
    });
    const tabs = within(await screen.findByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    expect(screen.queryByRole('textbox', { name: t('auth.fields.username') })).toBeNull();
    expect(screen.getByRole('textbox', { name: t('auth.mobile') })).toBeTruthy();
    expect(screen.getByLabelText(t('auth.fields.verificationCode'))).toBeTruthy();
    fireEvent.click(tabs[0]!);
    expect(screen.getByRole('textbox', { name: t('auth.fields.username') })).toBeTruthy();
  });

  it('takes a mobile number typed the local way (01743529090) and sends its stored form', async () => {
    const sms: StubRequest[] = [];
    const registrations: StubRequest[] = [];
    const { router } = renderRegister({
      '/wps/system/setting/register': registerSettings({
        types: ['registerMobile'],
        defaultType: 'registerMobile',
        smsVerification: true,
      }),
      'POST /wps/verification/sms/register': (request: StubRequest) => {
        sms.push(request);
        return { expiredMinutes: 5 };
      },
      'PUT /wps/member/register/mobile': (request: StubRequest) => {
        registrations.push(request);
        return loginSession({ account: '1743529090' });
      },
      '/wps/member/info': memberInfo({ account: '1743529090', mobileNum: '1743529090', countryDialingCode: '880' }),
    });
    const field = (await screen.findByRole('textbox', { name: t('auth.mobile') })) as HTMLInputElement;
    expect(field.getAttribute('inputmode')).toBe('tel');
    expect(field.getAttribute('autocomplete')).toBe('tel-national');
    type(t('auth.mobile'), '01743529090');
    expect(field.value).toBe('01743529090');
    fireEvent.click(screen.getByRole('button', { name: t('form.sendCode') }));
    await waitFor(() => expect(sms).toHaveLength(1));
    expect(sms[0]?.body).toEqual({ mobileNo: '1743529090', countryDialingCode: '880' });
    expect(screen.queryByText(mobileInvalidMessage('bn'))).toBeNull();

    type(t('auth.fields.verificationCode'), '123456');
    type(t('auth.fields.password'), 'abc12345');
    type(t('auth.fields.confirmPassword'), 'abc12345');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(registrations[0]?.body).toMatchObject({
      mobileNum: '1743529090',
      countryDialingCode: '880',
      verificationCode: '123456',
    });
  });

  it('refuses a landline or an unknown operator prefix with the phone message, in Bengali and English', async () => {
    const { fetchMock } = renderRegister({
      '/wps/system/setting/register': registerSettings({ types: ['registerMobile'], defaultType: 'registerMobile' }),
    });
    await screen.findByRole('textbox', { name: t('auth.mobile') });
    for (const bad of ['0255123456', '01243529090', '0174352909']) {
      type(t('auth.mobile'), bad);
      type(t('auth.fields.password'), 'abc12345');
      type(t('auth.fields.confirmPassword'), 'abc12345');
      submit();
      expect(screen.getByText(mobileInvalidMessage('bn')), bad).toBeTruthy();
    }
    // Letters never reach the field.
    type(t('auth.mobile'), '017abc43529090');
    expect((screen.getByRole('textbox', { name: t('auth.mobile') }) as HTMLInputElement).value).toBe('01743529090');
    type(t('auth.mobile'), '02-55123456');
    await i18n.changeLanguage('en');
    submit();
    expect(await screen.findByText('Invalid phone number format.')).toBeTruthy();
    expect(registerCalls(fetchMock)).toHaveLength(0);
  });

  it('signs the new member in and goes home', async () => {
    const { router } = renderRegister({
      '/wps/system/setting/register': registerSettings(),
      'PUT /wps/member/register': loginSession({ account: 'newplayer' }),
      '/wps/member/info': memberInfo({ account: 'newplayer' }),
    });
    await screen.findByLabelText(t('auth.fields.username'));
    type(t('auth.fields.username'), 'newplayer');
    type(t('auth.fields.password'), 'abc12345');
    type(t('auth.fields.confirmPassword'), 'abc12345');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('account')).toBe('newplayer');
    expect(window.sessionStorage.getItem('isAgent')).toBe('0');
  });
});

import { errorMessage } from '@portal/shared/error-catalogue';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { loginSession, memberInfo, registerSettings } from '@/test/auth-fixtures';
import { fail, renderWithProviders, type StubRequest, stubFetch } from '@/test/render';
import { REMEMBER_KEY, rememberAccount } from '../lib/remember-account';
import { LoginForm } from './login-form';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;
const CAPTCHA_PNG = 'iVBORw0KGgoAAAANSUhEUg==';

function renderLogin(routes: Record<string, unknown>, flags: Record<string, boolean> = {}, path = '/login') {
  const fetchMock = vi.fn(stubFetch(routes));
  vi.stubGlobal('fetch', fetchMock);
  const view = renderWithProviders(<LoginForm flags={flags} />, { path });
  return { ...view, fetchMock };
}

function fillCredentials(username = 'demo', password = 'Demo1234') {
  fireEvent.change(screen.getByLabelText(t('auth.username')), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(t('auth.password')), { target: { value: password } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: t('auth.submit') }));
}

afterEach(() => vi.unstubAllGlobals());

describe('LoginForm', () => {
  it('asks for both fields before calling the server', () => {
    const { fetchMock } = renderLogin({});
    submit();
    expect(screen.getAllByText(t('form.required'))).toHaveLength(2);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/wps/session/login'))).toHaveLength(0);
  });

  it('shows the captcha after a failed login that demands it, and keeps asking for it', async () => {
    const requests: StubRequest[] = [];
    const { fetchMock } = renderLogin({
      'POST /wps/session/login': (request: StubRequest) => {
        requests.push(request);
        return fail(401, 'LOGIN_FAILED', 'Login failure. Please try again.', { captchaRequired: true });
      },
      '/wps/captcha': CAPTCHA_PNG,
    });
    expect(screen.queryByLabelText(t('auth.captcha'))).toBeNull();

    fillCredentials();
    submit();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Login failure. Please try again.');
    const captchaInput = await screen.findByLabelText(t('auth.captcha'));
    const image = await screen.findByAltText(t('form.captchaAlt'));
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${CAPTCHA_PNG}`);

    // Without the captcha the form stops before the server.
    submit();
    expect(screen.getByText(errorMessage('CAPTCHA_REQUIRED', 'bn'))).toBeTruthy();
    expect(requests).toHaveLength(1);

    fireEvent.change(captchaInput, { target: { value: 'ab12' } });
    submit();
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.body).toMatchObject({ type: 'username', username: 'demo', captcha: 'ab12' });
    // Still shown after the second failure, with a fresh picture.
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/wps/captcha')).length).toBe(2),
    );
    expect(screen.getByLabelText(t('auth.captcha'))).toBeTruthy();
  });

  it('shows the lockout message of a 429', async () => {
    renderLogin({
      'POST /wps/session/login': fail(
        429,
        'ACCOUNT_LOCKED',
        'Too many failed attempts. Please try again after 15 minutes.',
      ),
    });
    fillCredentials();
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('15 minutes');
  });

  it('remembers only the account name, for 24 hours', async () => {
    const before = Date.now();
    renderLogin({ 'POST /wps/session/login': loginSession(), '/wps/member/info': memberInfo() });
    const remember = screen.getByLabelText(t('auth.remember')) as HTMLInputElement;
    expect(remember.checked).toBe(false);
    fireEvent.click(remember);
    fillCredentials('demo', 'Demo1234');
    submit();
    await waitFor(() => expect(window.localStorage.getItem(REMEMBER_KEY)).not.toBeNull());
    const stored = JSON.parse(window.localStorage.getItem(REMEMBER_KEY) ?? '{}');
    expect(Object.keys(stored).sort()).toEqual(['account', 'expiresAt']);
    expect(stored.account).toBe('demo');
    expect(stored.expiresAt - before).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(stored.expiresAt - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    // The password is in no storage at all.
    const everything = [
      ...Object.values({ ...window.localStorage }),
      ...Object.values({ ...window.sessionStorage }),
      document.cookie,
    ].join('\n');
    expect(everything).not.toContain('Demo1234');
  });

  it('fills in the remembered account and forgets it when unticked', async () => {
    rememberAccount('player7');
    renderLogin({ 'POST /wps/session/login': loginSession({ account: 'player7' }), '/wps/member/info': memberInfo() });
    expect((screen.getByLabelText(t('auth.username')) as HTMLInputElement).value).toBe('player7');
    const remember = screen.getByLabelText(t('auth.remember')) as HTMLInputElement;
    expect(remember.checked).toBe(true);
    fireEvent.click(remember);
    fireEvent.change(screen.getByLabelText(t('auth.password')), { target: { value: 'Secret123' } });
    submit();
    await waitFor(() => expect(window.localStorage.getItem(REMEMBER_KEY)).toBeNull());
  });

  it('offers the SMS tab only with MOBILEVERCODELOGIN3', async () => {
    renderLogin({ '/wps/system/setting/register': registerSettings() });
    expect(screen.queryByRole('tablist')).toBeNull();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';

    renderLogin({ '/wps/system/setting/register': registerSettings() }, { MOBILEVERCODELOGIN3: true });
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([t('auth.byUsername'), t('auth.bySms')]);
    fireEvent.click(tabs[1]!);
    expect(await screen.findByLabelText(t('auth.smsCode'))).toBeTruthy();
    // The phone number is checked before any code is sent.
    fireEvent.click(screen.getByRole('button', { name: t('form.sendCode') }));
    expect(await screen.findByText(errorMessage('PHONE_MISSING', 'bn'))).toBeTruthy();
  });

  it('signs in by SMS with the number typed the international way, sending its stored form', async () => {
    const requests: StubRequest[] = [];
    const record = (answer: unknown) => (request: StubRequest) => {
      requests.push(request);
      return answer;
    };
    renderLogin(
      {
        '/wps/system/setting/register': registerSettings(),
        'POST /wps/verification/sms/noLogin': record({ expiredMinutes: 5 }),
        'POST /wps/session/login': record(loginSession({ account: '1743529090' })),
        '/wps/member/info': memberInfo({ account: '1743529090' }),
      },
      { MOBILEVERCODELOGIN3: true },
    );
    fireEvent.click(within(screen.getByRole('tablist')).getAllByRole('tab')[1]!);
    const field = await screen.findByRole('textbox', { name: t('auth.mobile') });
    expect(field.getAttribute('inputmode')).toBe('tel');
    fireEvent.change(field, { target: { value: '0255123456' } });
    submit();
    expect(await screen.findByText(errorMessage('PHONE_INVALID', 'bn'))).toBeTruthy();
    expect(requests).toHaveLength(0);

    fireEvent.change(field, { target: { value: '+880 1743-529090' } });
    fireEvent.click(screen.getByRole('button', { name: t('form.sendCode') }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ mobileNum: '1743529090', countryDialingCode: '880', purpose: 'login' });
    fireEvent.change(screen.getByLabelText(t('auth.smsCode')), { target: { value: '123456' } });
    submit();
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.body).toMatchObject({ type: 'sms', username: '1743529090', countryDialingCode: '880' });
  });

  it('offers the social sign-in providers the brand has', async () => {
    renderLogin({ '/wps/session/social': { providers: ['google'] } });
    const link = await screen.findByRole('link', { name: t('auth.social.google') });
    expect(link.getAttribute('href')).toBe('/wps/session/social/google/start');
    expect(screen.queryByRole('link', { name: t('auth.social.facebook') })).toBeNull();
  });

  it('hides remember, free play and registration on the agent pages', () => {
    renderLogin({}, { FREEPLAY3: true, DIRECTREG3: true });
    expect(screen.getByLabelText(t('auth.remember'))).toBeTruthy();
    expect(screen.getByRole('button', { name: t('auth.freeplay') })).toBeTruthy();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';

    vi.stubGlobal('fetch', vi.fn(stubFetch({})));
    renderWithProviders(<LoginForm portal="agent" variant="page" flags={{ FREEPLAY3: true, DIRECTREG3: true }} />);
    expect(screen.queryByLabelText(t('auth.remember'))).toBeNull();
    expect(screen.queryByRole('button', { name: t('auth.freeplay') })).toBeNull();
    expect(screen.queryByText(t('auth.toRegister'))).toBeNull();
  });

  it('asks for the second factor when the server answers with a challenge', async () => {
    const verify: StubRequest[] = [];
    const { router } = renderLogin({
      'POST /wps/session/login': {
        status: 'SECOND_FACTOR',
        challengeId: 'c1',
        methods: ['totp', 'bankName'],
        maskedMobile: null,
        maskedEmail: null,
        reason: 'NEW_IP',
      },
      'POST /wps/session/login/second-factor': (request: StubRequest) => {
        verify.push(request);
        return loginSession();
      },
      '/wps/member/info': memberInfo(),
    });
    fillCredentials();
    submit();
    expect(await screen.findByText(t('auth.secondFactor.title'))).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t('auth.secondFactor.input.totp')), { target: { value: '123456' } });
    expect(router.state.location.pathname).toBe('/login');
    fireEvent.click(screen.getByRole('button', { name: t('auth.secondFactor.submit') }));
    await waitFor(() => expect(verify[0]?.body).toEqual({ challengeId: 'c1', method: 'totp', code: '123456' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

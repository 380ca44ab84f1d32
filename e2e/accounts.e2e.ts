import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminCall, DESKTOP, launchBrowser, PHONE } from './browser.ts';

let browser: Browser;
let brand: Record<string, unknown>;

beforeAll(async () => {
  browser = await launchBrowser();
  // The image captcha cannot be read by a script; these journeys run with it switched off by the operator.
  brand = (await adminCall('GET', '/admin/api/settings/brand')).value;
  await adminCall('PUT', '/admin/api/settings/brand', { ...brand, captchaEnabled: false });
});
afterAll(async () => {
  if (brand) await adminCall('PUT', '/admin/api/settings/brand', brand);
  await browser?.close();
});

/** An English-speaking visitor (labels below are the English ones), optionally behind another address. */
async function visitor(forwardedFor?: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: inject('baseURL'),
    viewport,
    extraHTTPHeaders: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  await context.addCookies([{ name: 'lang', value: 'en', url: inject('baseURL') }]);
  await context.addInitScript(() => {
    window.localStorage.setItem('lang', 'en');
    // The news popup has its own journey (home.e2e.ts); here it would only cover the forms.
    window.sessionStorage.setItem('newsPopupSeen', '1');
  });
  const page = await context.newPage();
  return { context, page };
}

/** The newest code sent to this phone number or address, read from the operator's outbox. */
async function codeSentTo(recipient: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const { value } = await adminCall('GET', `/admin/api/outbox?recipient=${encodeURIComponent(recipient)}&limit=1`);
    const code = /\b(\d{6})\b/.exec(value[0]?.body ?? '')?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code was sent to ${recipient}`);
}

async function createMember(body: Record<string, unknown>) {
  await adminCall('POST', '/admin/api/members', { type: 0, ...body });
}

function accountButton(page: Page, account: string) {
  return page.locator('header').getByRole('button', { name: new RegExp(account) });
}

async function memberInfo(page: Page) {
  const response = await page.request.get('/wps/member/info');
  return { status: response.status(), body: await response.json() };
}

async function logIn(page: Page, account: string, password: string) {
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox', { name: 'Username', exact: true }).fill(account);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
}

describe('accounts in the browser', () => {
  it('registers by user name and lands on the home page signed in', async () => {
    const { context, page } = await visitor();
    await page.goto('/register');
    const form = page.getByTestId('register-form');
    await form.getByRole('tab', { name: 'Username' }).click();
    await form.getByRole('textbox', { name: 'Username', exact: true }).fill('e2ename1');
    await form.getByLabel('Password', { exact: true }).fill('Winner2026');
    await form.getByLabel('Confirm password', { exact: true }).fill('Winner2026');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await accountButton(page, 'e2ename1').waitFor();
    expect((await memberInfo(page)).body.value.account).toBe('e2ename1');
    await context.close();
  });

  it('registers by mobile typed the local way (01…), with the SMS code from the outbox', async () => {
    const { context, page } = await visitor();
    await page.goto('/register');
    const form = page.getByTestId('register-form');
    await form.getByRole('textbox', { name: 'Mobile number', exact: true }).fill('01811111111');
    await form.getByRole('button', { name: 'Send code' }).click();
    await form.getByRole('textbox', { name: 'SMS code', exact: true }).fill(await codeSentTo('8801811111111'));
    await form.getByLabel('Password', { exact: true }).fill('Mobile2026');
    await form.getByLabel('Confirm password', { exact: true }).fill('Mobile2026');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await accountButton(page, '1811111111').waitFor();
    expect((await memberInfo(page)).body.value).toMatchObject({ mobileNum: '1811111111', countryDialingCode: '880' });
    await context.close();
  });

  it('logs in and out, the server ending the session', async () => {
    const { context, page } = await visitor();
    await logIn(page, 'demo', 'Demo1234');
    await page.waitForURL((url) => url.pathname === '/');
    await accountButton(page, 'demo').click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    const confirm = page.getByTestId('logout-confirm');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('header').getByRole('button', { name: 'Log in' }).waitFor();
    expect((await memberInfo(page)).status).toBe(401);
    await context.close();
  });

  it('fits the signed-in header into a 360 px phone: the mark, the balance on one line, the avatar, language and theme', async () => {
    const { context, page } = await visitor(undefined, PHONE);
    await logIn(page, 'demo', 'Demo1234');
    await page.waitForURL((url) => url.pathname === '/');
    const amount = page.getByTestId('balance-amount');
    await expect.poll(() => amount.textContent()).toMatch(/\d\.\d\d$/);
    const mark = (await page.locator('header .logo__mark').boundingBox())!;
    expect(mark.x).toBeGreaterThanOrEqual(0);
    expect(mark.width).toBeGreaterThanOrEqual(28);
    const fontSize = await amount.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    expect((await amount.boundingBox())!.height).toBeLessThan(2 * fontSize);
    const theme = (await page.locator('header .header__actions > .icon-button').last().boundingBox())!;
    expect(theme.x + theme.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('logs in from the compact form of the desktop header', async () => {
    const { context, page } = await visitor();
    await page.goto('/');
    const form = page.getByTestId('header-login');
    await form.getByRole('textbox', { name: 'Username' }).fill('demo');
    await form.getByLabel('Password', { exact: true }).fill('Demo1234');
    await form.getByRole('button', { name: 'Log in' }).click();
    await accountButton(page, 'demo').waitFor();
    expect((await memberInfo(page)).body.value.account).toBe('demo');
    await context.close();
  });

  it('makes an account opened with 123456 change its password before anything else', async () => {
    await createMember({ account: 'forced1', password: '123456' });
    const { context, page } = await visitor();
    await logIn(page, 'forced1', '123456');
    const form = page.getByTestId('change-password-form');
    await form.getByLabel('New password', { exact: true }).fill('Fresh2026');
    await form.getByLabel('Confirm new password', { exact: true }).fill('Fresh2026');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/');
    await accountButton(page, 'forced1').waitFor();
    expect((await memberInfo(page)).body.value.mustChangePassword).toBe(false);
    const security = await page.request.get('/wps/member/security');
    expect(security.status()).toBe(200);
    await context.close();
  });

  it('resets a forgotten password by mobile and signs in with it at once', async () => {
    await createMember({
      account: 'mobile1',
      password: 'Before2026',
      countryDialingCode: '880',
      mobileNum: '1722222222',
    });
    const { context, page } = await visitor();
    await page.goto('/forget');
    await page.getByRole('tab', { name: 'By mobile' }).click();
    const form = page.getByTestId('forget-mobile');
    await form.getByRole('textbox', { name: 'Mobile number', exact: true }).fill('+880 1722-222222');
    await form.getByRole('button', { name: 'Send code' }).click();
    await form.getByRole('textbox', { name: 'SMS code', exact: true }).fill(await codeSentTo('8801722222222'));
    await form.getByLabel('New password', { exact: true }).fill('After2026');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await accountButton(page, 'mobile1').waitFor();
    expect((await memberInfo(page)).body.value.account).toBe('mobile1');
    await context.close();
  });

  it('lets a visitor play for free but keeps the member centre for real accounts', async () => {
    const { context, page } = await visitor();
    await page.goto('/login');
    await page.getByTestId('login-form').getByRole('button', { name: 'Play for free' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const info = await memberInfo(page);
    expect(info.body.value.type).toBe(4);
    // Demo money, marked as such, never real.
    const balance = page.getByTestId('header-balance');
    await balance.getByTestId('balance-amount').filter({ hasText: '2,000.00' }).waitFor();
    expect(await balance.textContent()).toContain('Demo');
    await accountButton(page, info.body.value.account).click();
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByText('This needs a real account. Please register a real account to continue.').waitFor();
    const security = await page.request.get('/wps/member/security');
    expect(security.status()).toBe(403);
    await context.close();
  });

  it('verifies a mobile number typed at registration from the security centre', async () => {
    const { context, page } = await visitor();
    await page.goto('/register');
    const form = page.getByTestId('register-form');
    await form.getByRole('tab', { name: 'Username' }).click();
    await form.getByRole('textbox', { name: 'Username', exact: true }).fill('e2ephone1');
    await form.getByRole('textbox', { name: 'Mobile number', exact: true }).fill('1733333333');
    await form.getByLabel('Password', { exact: true }).fill('Phone2026');
    await form.getByLabel('Confirm password', { exact: true }).fill('Phone2026');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await accountButton(page, 'e2ephone1').click();
    await page.getByRole('button', { name: 'My account' }).click();
    const verification = page.getByTestId('mobile-verification');
    await verification.getByRole('button', { name: 'Send code' }).click();
    await verification.getByRole('textbox', { name: 'SMS code', exact: true }).fill(await codeSentTo('8801733333333'));
    await verification.getByRole('button', { name: 'Verify number' }).click();
    await verification.waitFor({ state: 'detached' });
    await page.getByText('(verified)').waitFor();
    await context.close();
  });

  it('asks for a second factor when the member signs in from a new address', async () => {
    // The demo player has signed in from this machine before, and has an e-mail address and a mobile.
    const known = await fetch(`${inject('baseURL')}/wps/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'username', username: 'demo', password: 'Demo1234' }),
    });
    expect(known.status).toBe(200);

    const { context, page } = await visitor('203.0.113.7');
    await logIn(page, 'demo', 'Demo1234');
    const step = page.getByTestId('second-factor');
    await step.getByText('You are signing in from a new address.', { exact: false }).waitFor();
    await step.getByRole('tab', { name: 'E-mail' }).click();
    await step.getByRole('button', { name: 'Send code' }).click();
    await step
      .getByRole('textbox', { name: 'Code from the e-mail', exact: true })
      .fill(await codeSentTo('demo@example.com'));
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await accountButton(page, 'demo').waitFor();
    const { value } = await adminCall('GET', '/admin/api/audit?actor=member:demo&action=member.2fa&limit=5');
    expect(value.map((e: { action: string }) => e.action)).toEqual(['member.2fa.passed', 'member.2fa.challenge']);
    await context.close();
  });
});

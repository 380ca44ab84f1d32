import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { inject } from 'vitest';

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1440, height: 900 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

export function newContext(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ baseURL: inject('baseURL'), viewport });
}

let adminToken: Promise<string> | null = null;

/** One operator sign-in per test file (the operator login is rate-limited), made again if it lapses. */
function operatorToken(): Promise<string> {
  adminToken ??= fetch(`${inject('baseURL')}/admin/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(inject('admin')),
  }).then(async (login) => {
    if (!login.ok) throw new Error(`operator login: ${login.status} ${await login.text()}`);
    return ((await login.json()) as { value: { token: string } }).value.token;
  });
  return adminToken;
}

/** An operator call against the running server. */
export async function adminCall(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const send = async () =>
    fetch(`${inject('baseURL')}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${await operatorToken()}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  let response = await send();
  if (response.status === 401) {
    adminToken = null;
    response = await send();
  }
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * An agent signed in at /agentHome with the agent centre open, English or Bengali labels (the demo agent unless
 * told otherwise).
 */
export async function agentCentre(
  browser: Browser,
  language: 'en' | 'bn',
  viewport = DESKTOP,
  account = 'demoagent',
  password = 'Agent1234',
) {
  const context = await browser.newContext({ baseURL: inject('baseURL'), viewport });
  await context.addCookies([{ name: 'lang', value: language, url: inject('baseURL') }]);
  await context.addInitScript((chosen) => {
    window.localStorage.setItem('lang', chosen);
    window.sessionStorage.setItem('newsPopupSeen', '1');
  }, language);
  const page = await context.newPage();
  await page.goto('/agentHome');
  const form = page.getByTestId('login-form');
  await form.locator('input').first().fill(account);
  await form.locator('input[type="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: language === 'en' ? 'Open agent centre' : 'এজেন্ট কেন্দ্র খুলুন' }).click();
  return { context, page, centre: page.getByTestId('agent-centre') };
}

/**
 * A visitor with English labels (the journeys read the English ones) and no news popup, in a context of its own;
 * `errors` collects the page's uncaught errors.
 */
export async function englishVisitor(browser: Browser, viewport = DESKTOP) {
  const context = await browser.newContext({ baseURL: inject('baseURL'), viewport, reducedMotion: 'reduce' });
  await context.addCookies([{ name: 'lang', value: 'en', url: inject('baseURL') }]);
  await context.addInitScript(() => {
    window.localStorage.setItem('lang', 'en');
    window.sessionStorage.setItem('newsPopupSeen', '1');
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * A new member under the demo agent (an account name from `prefix`), credited `funds` by the operator when given,
 * signed in as an English visitor on the home page.
 */
export async function signedInMember(
  browser: Browser,
  {
    prefix,
    password,
    funds,
    viewport = DESKTOP,
  }: { prefix: string; password: string; funds?: string; viewport?: typeof DESKTOP },
) {
  const account = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 16);
  await adminCall('POST', '/admin/api/members', { type: 0, account, password, upline: 'demoagent' });
  if (funds) {
    await adminCall(
      'POST',
      `/admin/api/members/${account}/adjustments`,
      { amount: funds, reason: `e2e ${prefix} funds` },
      { 'idempotency-key': `e2e-${account}` },
    );
  }
  const visitor = await englishVisitor(browser, viewport);
  const { page } = visitor;
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox', { name: 'Username', exact: true }).fill(account);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return { account, ...visitor };
}

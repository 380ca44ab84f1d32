// The agent's pay, end to end (issue 29): the demo agent opens a downline agent with a daily wage offered, the new
// agent accepts it, its player bets, the settlement job pays the window, and the new agent finds the exact amount in
// its income, its statement and its balance, in Bengali on a phone and in English on a desktop. The e2e server runs
// daily wages on one-minute windows (global-setup.ts), so the job pays a minute or two after the bets.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminCall, agentCentre, DESKTOP, launchBrowser, PHONE } from './browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const WAIT = { timeout: 30_000 };
/** The window's minute, the job's delay (59 s for a one-minute window) and a poll of the job library. */
const SETTLED = { timeout: 240_000, interval: 3000 };
const RATE = '0.40';
const STAKE = '1000.00';
const ROLLS = 3;
/** 3 × ৳1,000 at 0.40 % in one window: ৳12.00, above the demo's minimum payout of ৳10.00. */
const EXPECTED = '12.00';

/** Screenshots for docs/screenshots when SCREENSHOTS_DIR is set (`SCREENSHOTS_DIR=docs/screenshots`). */
async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: path.resolve(dir, `${name}.png`), animations: 'disabled' });
}

async function api(method: string, url: string, token: string, body?: unknown) {
  const response = await fetch(`${inject('baseURL')}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text).value;
}

async function logIn(account: string, password: string, portal: 'member' | 'agent' = 'member') {
  const response = await fetch(`${inject('baseURL')}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.29' },
    body: JSON.stringify({ type: 'username', username: account, password, portal }),
  });
  const body = await response.text();
  expect(response.status, body).toBe(200);
  return (JSON.parse(body) as { value: { token: string } }).value.token;
}

/** Rolls the house dice `ROLLS` times for `STAKE`, all inside one minute's window of the daily wage; its start. */
async function betInOneWindow(token: string) {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 61_000 - intoMinute));
  const window = Math.floor(Date.now() / 60_000);
  const launched = await api('GET', '/wps/game/launchGame?nodeId=HOUSE-RNG-DICE&language=en', token);
  const gameToken = new URL(launched.url, inject('baseURL')).searchParams.get('token');
  for (let roll = 0; roll < ROLLS; roll++) {
    await fetch(`${inject('baseURL')}/house/api/dice/roll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: gameToken,
        roundKey: crypto.randomUUID(),
        amount: STAKE,
        direction: 'under',
        target: 5000,
      }),
    }).then(async (rolled) => expect(rolled.status, await rolled.text()).toBe(200));
  }
  expect(Math.floor(Date.now() / 60_000), 'the rolls fell in one window').toBe(window);
  return new Date(window * 60_000);
}

describe("an agent's daily wage, from the offer to the payment", () => {
  it('is offered with a new downline agent, accepted, earned by its team and paid to the paisa', async () => {
    const account = `wage${Date.now().toString(36)}`.slice(0, 14);
    const password = 'Wage1234';

    // The demo agent opens the downline agent in the register centre with a daily wage below its own 0.50 %.
    {
      const { context, page, centre } = await agentCentre(browser, 'en', DESKTOP);
      await centre.getByRole('button', { name: 'Register centre', exact: true }).click();
      const form = centre.getByTestId('new-downline-form');
      await form.getByLabel('Account type').selectOption({ label: 'Agent' });
      await form.getByLabel('Account name', { exact: true }).fill(account);
      await form.getByLabel('Password', { exact: true }).fill(password);
      await form.getByLabel('Confirm password', { exact: true }).fill(password);
      const offer = form.getByTestId('downline-contract');
      await offer.getByLabel('Contract', { exact: true }).selectOption({ label: 'Daily wage' });
      await offer.getByLabel('Rate').first().fill(RATE);
      await shot(page, 'agent-journey-open-with-wage-desktop');
      await form.getByRole('button', { name: 'Open account', exact: true }).click();
      await form.getByText(`Agent account “${account}” is open in your team, with a Daily wage contract`).waitFor(WAIT);
      await context.close();
    }

    // The new agent signs in on a phone, in Bengali, and accepts the offer on its daily wages page.
    {
      const { context, page, centre } = await agentCentre(browser, 'bn', PHONE, account, password);
      await centre.getByRole('button', { name: 'দৈনিক মজুরি', exact: true }).click();
      const offered = centre.getByTestId('contract-offered');
      await offered.waitFor(WAIT);
      expect(await offered.innerText()).toContain('demoagent');
      await shot(page, 'agent-journey-offer-phone-bn');
      await offered.getByRole('button', { name: 'গ্রহণ করুন', exact: true }).click();
      await page.getByTestId('contract-confirm').getByRole('button', { name: 'গ্রহণ করুন', exact: true }).click();
      await centre.getByTestId('contract-active').waitFor(WAIT);
      await context.close();
    }

    // Its player, funded by the operator, bets ৳3,000 at the house dice within one window.
    const player = `${account}p`;
    await adminCall('POST', '/admin/api/members', { type: 0, account: player, password, upline: account });
    await adminCall(
      'POST',
      `/admin/api/members/${player}/adjustments`,
      { amount: '5000.00', reason: 'e2e wage journey' },
      { 'idempotency-key': `e2e-wage-${player}` },
    );
    const betsAt = await betInOneWindow(await logIn(player, password));

    // The settlement job pays the window: one statement, its lines, its wallet entry, the agent's balance.
    const agentToken = await logIn(account, password, 'agent');
    const day = betsAt.toLocaleDateString('en-CA', { timeZone: 'Asia/Dhaka' });
    const income = () => api('GET', `/wps/agent/income?from=${day}&to=${day}`, agentToken);
    await expect.poll(async () => (await income()).totalPaid, SETTLED).toBe(EXPECTED);
    // The window of the bets pays; the window of the operator's credit, if it was another, paid nothing.
    const { list } = await income();
    const [statement, ...others] = [...list].sort((a, b) => Number(b.paid) - Number(a.paid));
    expect(statement).toMatchObject({ type: 'dailyWage', paid: EXPECTED, pending: '0.00' });
    expect(others.map((other) => other.paid)).toEqual(others.map(() => '0.00'));
    const detail = await api('GET', `/wps/agent/income/${statement.id}`, agentToken);
    const line = (key: string) => detail.lines.find((entry: { key: string }) => entry.key === key);
    expect(line('validBets')).toMatchObject({ amount: '3000.00' });
    expect(line('gross')).toMatchObject({ amount: EXPECTED, rate: RATE, base: '3000.00' });
    expect(line('paid')).toMatchObject({ amount: EXPECTED });
    const bets = await api('GET', `/wps/agent/income/${statement.id}/bets?pageSize=50`, agentToken);
    expect(bets.list.filter((bet: { type: string }) => bet.type === 'bet')).toHaveLength(ROLLS);
    const funds = await api('GET', '/wps/member/info/funds/consolidated', agentToken);
    expect(funds.cash).toBe(EXPECTED);

    // What the agent sees: the payment in its income and statement, and its balance, in both languages and sizes.
    for (const [language, viewport, labels] of [
      ['bn', PHONE, { income: 'আমার আয়', open: 'হিসাব দেখুন', paid: 'এই সময়কালে পরিশোধিত' }],
      ['en', DESKTOP, { income: 'My income', open: 'Statement', paid: 'Paid in this period' }],
    ] as const) {
      const { context, page, centre } = await agentCentre(browser, language, viewport, account, password);
      await expect
        .poll(() => page.locator('header').getByTestId('balance-amount').innerText(), WAIT)
        .toContain(`৳ ${EXPECTED}`);
      await centre.getByRole('button', { name: labels.income, exact: true }).click();
      const totals = centre.getByTestId('income-totals');
      await expect.poll(() => totals.innerText(), WAIT).toContain(`${labels.paid}\n৳ ${EXPECTED}`);
      const row = centre.getByTestId('income-table').locator(`tr[data-statement="${statement.id}"]`);
      expect(await row.innerText()).toContain(`৳ ${EXPECTED}`);
      await shot(page, `agent-journey-income-${viewport === PHONE ? 'phone' : 'desktop'}-${language}`);
      await row.getByRole('button', { name: labels.open, exact: true }).click();
      // The statement opens over the centre: the wallet entry that paid it, its lines, the bets behind it.
      const sheet = page.getByTestId('statement-detail');
      await expect.poll(() => sheet.getByTestId('statement-entry').innerText(), WAIT).toBe(statement.entryId);
      expect(await sheet.getByTestId('statement-lines').innerText()).toContain(`৳ ${EXPECTED}`);
      await expect
        .poll(() => sheet.getByTestId('statement-bets').locator('tbody tr').count(), WAIT)
        .toBeGreaterThanOrEqual(ROLLS);
      await shot(page, `agent-journey-statement-${viewport === PHONE ? 'phone' : 'desktop'}-${language}`);
      await context.close();
    }
  }, 420_000);
});

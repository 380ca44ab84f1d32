import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminCall, DESKTOP, launchBrowser, PHONE, agentCentre as signedIn } from './browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The demo agent signed in at /agentHome with the agent centre open. */
const agentCentre = (language: 'en' | 'bn', viewport = DESKTOP) => signedIn(browser, language, viewport);

describe('the agent centre in the browser', () => {
  it("shows the demo agent's whole team this month, and drills into a sub-agent's downline", async () => {
    const { context, page, centre } = await agentCentre('en');
    await centre.getByRole('button', { name: 'This month' }).click();
    const figures = centre.getByTestId('team-figures');
    // The demo team: 300 members under the demo agent at every depth, and the players other journeys open there.
    await expect.poll(() => figures.innerText()).toMatch(/Team members\s+\d/);
    const members = Number((await figures.innerText()).match(/Team members\s+([\d,]+)/)?.[1]?.replace(/,/g, ''));
    expect(members).toBeGreaterThanOrEqual(300);
    expect(await figures.innerText()).toMatch(/Deposits\s+৳ [0-9,]+\.\d\d/);

    // A sub-agent of the demo agent with a downline of its own, as the agent API lists them.
    const answer = await page.request.get('/wps/agent/team/members?sort=account&pageSize=50');
    const list = (await answer.json()).value.list as { account: string; directCount: number }[];
    const account = list.find((member) => member.directCount > 0)?.account ?? '';
    expect(account).not.toBe('');

    await centre.getByRole('button', { name: 'Team management', exact: true }).click();
    const table = centre.getByTestId('team-table');
    await centre.getByLabel('Search by account').fill(account);
    await centre.getByRole('button', { name: 'Search', exact: true }).click();
    const subAgent = table.getByRole('button', { name: `Show the downline of ${account}` });
    await subAgent.click();
    await centre.getByRole('navigation', { name: /./ }).getByText(account).waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await table.textContent()).not.toContain('demo Demo Player');
    await context.close();
  });

  it("lists the team's deposits and withdrawals of the last 30 days with their totals", async () => {
    const { context, centre } = await agentCentre('en');
    await centre.getByRole('button', { name: 'Downline transactions', exact: true }).click();
    // Chosen days, not "this month": on the 1st a month holds a single day of the demo team's past.
    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Dhaka' });
    await centre.getByRole('button', { name: 'Choose dates' }).click();
    await centre.getByLabel('From').fill(day(30));
    await centre.getByLabel('To').fill(day(0));
    await centre.getByRole('button', { name: 'Show', exact: true }).click();
    const totals = centre.locator('[data-figure="totalIn"]');
    await expect.poll(() => totals.innerText()).toMatch(/Money in\s+৳ [1-9][0-9,]*\.\d\d/);
    await expect.poll(() => centre.getByRole('row').count()).toBeGreaterThan(1);
    await context.close();
  });

  it('searches the team by account on a phone, in Bengali', async () => {
    const { context, centre } = await agentCentre('bn', PHONE);
    await centre.getByRole('button', { name: 'টিম ব্যবস্থাপনা', exact: true }).click();
    await centre.getByLabel('অ্যাকাউন্ট দিয়ে খুঁজুন').fill('demo');
    await centre.getByRole('button', { name: 'খুঁজুন' }).click();
    await expect
      .poll(async () => (await centre.getByTestId('team-table').textContent()) ?? '')
      .toContain('Demo Player');
    await context.close();
  });

  it('opens a downline, makes a link with its QR code, and counts a registration through that link', async () => {
    const { context, page, centre } = await agentCentre('en', PHONE);
    await centre.getByRole('button', { name: 'Register centre', exact: true }).click();
    const form = centre.getByTestId('new-downline-form');
    await form.getByLabel('Account name').fill('e2edown1');
    await form.getByLabel('Password', { exact: true }).fill('Down2026x');
    await form.getByLabel('Confirm password').fill('Down2026x');
    await form.getByRole('button', { name: 'Open account' }).click();
    await form.getByText('Player account “e2edown1” is open in your team.').waitFor();

    const newLink = centre.getByRole('form', { name: 'New link' });
    await newLink.getByLabel('Source tag').fill('e2e-whatsapp');
    await newLink.getByRole('button', { name: 'Make link' }).click();
    const card = centre.getByRole('article', { name: 'e2e-whatsapp' });
    const address = await card.getByRole('textbox').inputValue();
    expect(address).toMatch(/\/register\?affiliateCode=[2-9A-Z]{10}$/);
    await card.getByRole('button', { name: 'QR code' }).click();
    await card.getByRole('img', { name: 'QR code of the link e2e-whatsapp' }).waitFor();

    // A visitor opens the link and registers (the image captcha switched off, as the accounts journeys do).
    const brand = (await adminCall('GET', '/admin/api/settings/brand')).value;
    await adminCall('PUT', '/admin/api/settings/brand', { ...brand, captchaEnabled: false });
    try {
      const visitor = await browser.newContext({ baseURL: inject('baseURL'), viewport: PHONE });
      await visitor.addCookies([{ name: 'lang', value: 'en', url: inject('baseURL') }]);
      await visitor.addInitScript(() => {
        window.localStorage.setItem('lang', 'en');
        window.sessionStorage.setItem('newsPopupSeen', '1');
      });
      const newcomer = await visitor.newPage();
      await newcomer.goto(new URL(address).pathname + new URL(address).search);
      const register = newcomer.getByTestId('register-form');
      await register.getByRole('tab', { name: 'Username' }).click();
      await register.getByRole('textbox', { name: 'Username', exact: true }).fill('e2elinked1');
      await register.getByLabel('Password', { exact: true }).fill('Winner2026');
      await register.getByLabel('Confirm password', { exact: true }).fill('Winner2026');
      await register.getByRole('button', { name: 'Create account' }).click();
      await newcomer.waitForURL((url) => url.pathname === '/');
      await visitor.close();
    } finally {
      await adminCall('PUT', '/admin/api/settings/brand', brand);
    }

    const links = await page.request.get('/wps/agent/links');
    const link = (await links.json()).value.list.find((item: { source: string }) => item.source === 'e2e-whatsapp');
    expect(link).toMatchObject({ registrations: 1, firstDeposits: 0 });
    const team = await page.request.get('/wps/agent/team/members?account=e2e');
    const accounts = (await team.json()).value.list.map((member: { account: string }) => member.account);
    expect(accounts).toEqual(expect.arrayContaining(['e2edown1', 'e2elinked1']));
    await context.close();
  });
});

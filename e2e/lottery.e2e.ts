import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInMember } from './browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A phone of today: the slip and the countdown must work with one thumb. */
const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 20_000 };
/** A one-minute draw, its lock, the draw job and the settlement: well within two and a half minutes. */
const DRAW_WAIT = { timeout: 150_000 };

/** A fresh player with 500.00, signed in, English labels. */
async function player(): Promise<{ account: string; page: Page; errors: string[] }> {
  return signedInMember(browser, { prefix: 'lot', password: 'Lottery1234', funds: '500.00', viewport: PHONE });
}

/** Seconds left on the game page's countdown to the lock (0 while the draw is being drawn). */
async function secondsLeft(page: Page): Promise<number> {
  const text = await page
    .getByTestId('lottery-countdown')
    .textContent({ timeout: 1000 })
    .catch(() => null);
  if (!text) return 0;
  const [minutes = '0', seconds = '0'] = text.split(':');
  return Number(minutes) * 60 + Number(seconds);
}

const headerBalance = (page: Page) => page.getByTestId('header-balance');

describe('the lottery in the browser', () => {
  it('bets on a one-minute Win Go draw before the lock, watches it drawn, verifies it and sees the money and the record', async () => {
    const { page, errors } = await player();
    await page.goto('/lottery');
    await page.getByRole('link', { name: 'Play Win Go 1 minute' }).click();
    await page.waitForURL((url) => url.searchParams.get('gameCode') === 'WINGO_1M');
    await expect.poll(() => headerBalance(page).textContent(), WAIT).toMatch(/500\.00/);

    // Bet with time to spare before the lock: wait for the next draw when this one closes within 15 seconds.
    await expect.poll(() => secondsLeft(page), { timeout: 90_000, interval: 1000 }).toBeGreaterThan(15);
    await page.getByRole('button', { name: 'Big / Small' }).click();
    await page.getByRole('button', { name: 'Big, pays ×1.96' }).click();
    await page.getByTestId('lottery-slip').getByRole('button', { name: 'Bet', exact: true }).click();
    const confirm = page.getByTestId('lottery-confirm');
    await confirm.getByText('Total cost').waitFor();
    const numero = ((await confirm.locator('.lottery-confirm__draw').textContent()) ?? '').match(/\d{8,}/)?.[0];
    expect(numero).toBeTruthy();
    await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText(`Bet placed on draw ${numero}`).waitFor(WAIT);
    await expect.poll(() => headerBalance(page).textContent(), WAIT).toMatch(/490\.00/);

    // The lock passes: the draw is being drawn, then its result shows at the top.
    await page.getByText(`Draw ${numero}: drawing…`).waitFor(DRAW_WAIT);
    await page.locator('.lottery-draw__latest', { hasText: `Draw ${numero}` }).waitFor(DRAW_WAIT);
    const won = (await page.locator('.lottery-draw__latest').textContent())?.includes('Big') ?? false;

    // The verify sheet: the server's answer and the browser's own HMAC agree.
    await page.getByRole('tab', { name: 'Results' }).click();
    await page.getByRole('button', { name: `Verify draw ${numero}` }).click();
    const verdict = page.getByTestId('lottery-verdict');
    await verdict.waitFor(WAIT);
    expect(await verdict.getAttribute('data-verdict')).toBe('agrees');
    await page.keyboard.press('Escape');

    // The betting record and the balance: won pays 10.00 × 1.96.
    await page.getByRole('tab', { name: 'My bets' }).click();
    const row = page.getByTestId('lottery-bets').locator('li', { hasText: numero as string });
    await row.getByText(won ? 'Won' : 'Lost', { exact: true }).waitFor(DRAW_WAIT);
    await expect.poll(() => headerBalance(page).textContent(), DRAW_WAIT).toMatch(won ? /509\.60/ : /490\.00/);
    expect(errors).toEqual([]);
  }, 300_000);
});

describe('the Vietnamese lottery in the browser', () => {
  it('previews a northern lô ticket (27 lô a point, price per point, total, payout table), places it and chases a đề pick', async () => {
    const { page, errors } = await player();
    await page.goto('/vnlottery');
    await page.getByRole('button', { name: 'North', exact: true }).click();
    await page.getByRole('link', { name: 'Play Northern lottery' }).click();
    await page.waitForURL((url) => url.searchParams.get('gameCode') === 'VN_MB');
    await page.getByTestId('vn-source').waitFor(WAIT);
    await page.getByRole('button', { name: '27', exact: true }).click();
    await page.getByRole('button', { name: '68', exact: true }).click();
    await page.getByTestId('lottery-slip').getByRole('button', { name: 'Bet', exact: true }).click();

    const preview = page.getByTestId('vn-preview');
    await preview.waitFor(WAIT);
    expect(await preview.getByTestId('vn-counts').textContent()).toBe('One point counts on 27 lô');
    expect(await preview.getByTestId('vn-total').textContent()).toMatch(/54\.00$/);
    await preview.getByRole('table', { name: 'Payout table' }).waitFor();
    await page.getByTestId('lottery-confirm').getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText(/^Bet placed on draw \d\d\/\d\d\/\d{4}$/).waitFor(WAIT);
    await expect.poll(() => headerBalance(page).textContent(), WAIT).toMatch(/446\.00/);

    await page.getByRole('tab', { name: 'My bets' }).click();
    const bets = page.getByTestId('lottery-bets');
    await bets.getByText('Lô 2 digits: 27').waitFor(WAIT);
    await bets.getByText('Lô 2 digits: 68').waitFor(WAIT);
    expect(await bets.getByText('Waiting for the draw').count()).toBe(2);

    // A đề pick chased over the next two days' draws: 1.00 a point on each, one bet per draw.
    await page.getByRole('tab', { name: 'Bet', exact: true }).click();
    await page.getByRole('button', { name: 'Đề', exact: true }).click();
    await page.getByRole('button', { name: '07', exact: true }).click();
    await page.getByTestId('lottery-slip').getByRole('button', { name: 'Bet', exact: true }).click();
    const sheet = page.getByTestId('lottery-confirm');
    await sheet.getByRole('checkbox', { name: 'Chase: the same pick on the next draws' }).check();
    await sheet.getByRole('spinbutton', { name: 'Number of draws' }).fill('2');
    await sheet.getByTestId('lottery-chase-until').waitFor(WAIT);
    expect(await sheet.getByTestId('lottery-confirm-total').textContent()).toMatch(/2\.00$/);
    await sheet.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('Chase placed on 2 draws').waitFor(WAIT);
    await expect.poll(() => headerBalance(page).textContent(), WAIT).toMatch(/444\.00/);
    await page.getByRole('tab', { name: 'My bets' }).click();
    await expect.poll(() => bets.getByText('Đề: 07').count(), WAIT).toBe(2);
    expect(errors).toEqual([]);
  }, 120_000);
});

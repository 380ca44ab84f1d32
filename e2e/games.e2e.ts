import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, DESKTOP, englishVisitor, launchBrowser } from './browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The slots page shows 15 games a page (spec section 9). */
const PAGE_SIZE = 15;
/** A phone of today (the page must not scroll sideways on it). */
const PHONE = { width: 390, height: 844 };
const MAINTENANCE = 'This game is under maintenance, please try another game';
/** Waits for what the server answers; generous, as the whole suite shares two cores. */
const WAIT = { timeout: 20_000 };
const JOURNEY_TIMEOUT = 120_000;

const grid = (page: Page) => page.getByRole('list', { name: 'Games', exact: true });
const tiles = (page: Page) => grid(page).locator(':scope > li.game-tile');
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages', exact: true });
const listTabs = (page: Page) => page.getByRole('tablist', { name: 'Game lists' });

/** The node ids of the tiles on screen, once the grid has settled (no newer answer on its way). */
async function shownGames(page: Page): Promise<string[]> {
  await page.locator('.game-grid:not(.is-refreshing)').waitFor();
  return tiles(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-testid') ?? ''));
}

async function shownNames(page: Page): Promise<string[]> {
  await page.locator('.game-grid:not(.is-refreshing)').waitFor();
  return tiles(page).locator('.game-tile__name').allTextContents();
}

async function nameOf(tile: Locator): Promise<string> {
  return ((await tile.locator('.game-tile__name').textContent()) ?? '').trim();
}

/** Opens /rng and waits for the first page of games. */
async function openSlots(page: Page) {
  await page.goto('/rng');
  await expect.poll(() => tiles(page).count(), WAIT).toBe(PAGE_SIZE);
}

describe('the slots page in the browser', () => {
  it(
    'lets a visitor page through the games and search them by name; Play asks the visitor to log in',
    async () => {
      const { context, page, errors } = await englishVisitor(browser, PHONE);
      await openSlots(page);
      await page.getByRole('heading', { name: 'Slots', level: 1 }).waitFor();
      // Visitors have no saved or recent list and no hearts.
      expect(await listTabs(page).getByRole('tab', { name: 'Saved games' }).count()).toBe(0);
      expect(
        await grid(page)
          .getByRole('button', { name: /^Save / })
          .count(),
      ).toBe(0);

      await pager(page)
        .getByText(/^Page 1 of \d+$/)
        .waitFor();
      const firstPage = await shownGames(page);
      expect(new Set(firstPage).size).toBe(PAGE_SIZE);

      await pager(page).getByRole('button', { name: 'Next page' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await pager(page)
        .getByText(/^Page 2 of \d+$/)
        .waitFor();
      await expect.poll(async () => (await shownGames(page)).some((id) => firstPage.includes(id)), WAIT).toBe(false);
      expect(await tiles(page).count()).toBe(PAGE_SIZE);

      // The name search goes back to page 1 and keeps only the games whose name matches.
      await page.getByRole('searchbox', { name: 'Game name' }).fill('dragon');
      await page.waitForURL((url) => !url.searchParams.has('page'));
      await expect
        .poll(async () => {
          const names = await shownNames(page);
          return names.length > 0 && names.every((name) => /dragon/i.test(name));
        }, WAIT)
        .toBe(true);

      // No part of the page may stick out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      const first = tiles(page).first();
      await first.getByRole('button', { name: `Play ${await nameOf(first)}`, exact: true }).click();
      const popup = page.getByTestId('modal-login');
      await popup.getByTestId('login-form').waitFor();
      expect(new URL(page.url()).pathname).toBe('/rng');
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'lets the demo player log in from Play, save a game, find it under Saved games, remove it, and be told the game is under maintenance',
    async () => {
      const { context, page, errors } = await englishVisitor(browser, DESKTOP);
      await openSlots(page);
      await tiles(page)
        .first()
        .getByRole('button', { name: /^Play / })
        .click();
      const form = page.getByTestId('modal-login').getByTestId('login-form');
      await form.getByRole('textbox', { name: 'Username', exact: true }).fill('demo');
      await form.getByLabel('Password', { exact: true }).fill('Demo1234');
      await form.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByTestId('modal-login').waitFor({ state: 'detached' });

      await openSlots(page);
      await listTabs(page).getByRole('tab', { name: 'Saved games' }).waitFor();
      // The hearts show the favourites once their ids have arrived.
      await page.waitForLoadState('networkidle');
      // A game the player has not saved yet.
      const unsaved = tiles(page)
        .filter({ has: page.locator('.game-tile__favourite[aria-pressed="false"]') })
        .first();
      const name = await nameOf(unsaved);
      const testId = (await unsaved.getAttribute('data-testid')) ?? '';
      const heart = page.getByTestId(testId).getByRole('button', { name: `Save ${name}`, exact: true });
      await heart.click();
      await expect.poll(() => heart.getAttribute('aria-pressed'), WAIT).toBe('true');
      await expect.poll(() => heart.isEnabled(), WAIT).toBe(true);

      await listTabs(page).getByRole('tab', { name: 'Saved games' }).click();
      const saved = grid(page).getByTestId(testId);
      await saved.getByRole('heading', { name, exact: true }).waitFor();
      // The saved list has no filters.
      expect(await page.getByRole('searchbox', { name: 'Game name' }).count()).toBe(0);

      await saved.getByRole('button', { name: `Save ${name}`, exact: true }).click();
      await expect.poll(() => page.getByTestId(testId).count(), WAIT).toBe(0);

      await listTabs(page).getByRole('tab', { name: 'All games' }).click();
      await expect.poll(() => tiles(page).count(), WAIT).toBe(PAGE_SIZE);
      // A vendor's game: no vendor is connected in the demo (the portal's own games come first and do open).
      const first = grid(page).locator(':scope > li.game-tile:not([data-testid^="game-HOUSE-"])').first();
      await first.getByRole('button', { name: `Play ${await nameOf(first)}`, exact: true }).click();
      await page.getByRole('alert').filter({ hasText: MAINTENANCE }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/rng');
      // The player stays signed in: no login popup.
      expect(await page.getByTestId('modal-login').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'lets a funded player open the house slot from /rng, spin, see the header balance change and the round in the betting record',
    async () => {
      const account = `slot${Date.now().toString(36)}`.slice(0, 16);
      await adminCall('POST', '/admin/api/members', { type: 0, account, password: 'Slots1234', upline: 'demoagent' });
      await adminCall(
        'POST',
        `/admin/api/members/${account}/adjustments`,
        { amount: '100.00', reason: 'e2e slot funds' },
        { 'idempotency-key': `e2e-slot-${account}` },
      );
      const { context, page, errors } = await englishVisitor(browser, DESKTOP);
      await page.goto('/login');
      const form = page.getByTestId('login-form');
      await form.getByRole('textbox', { name: 'Username', exact: true }).fill(account);
      await form.getByLabel('Password', { exact: true }).fill('Slots1234');
      await form.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      const headerBalance = page.locator('header').getByTestId('balance-amount');
      await expect.poll(() => headerBalance.textContent(), WAIT).toContain('100.00');

      await openSlots(page);
      await page
        .getByTestId('game-HOUSE-RNG-SLOT')
        .getByRole('button', { name: 'Play Lucky Lanterns', exact: true })
        .click();
      await page.waitForURL((url) => url.pathname === '/game');
      const game = page.frameLocator('iframe.game-page__frame');
      const spin = game.getByTestId('slot-spin');
      await expect.poll(() => game.getByTestId('slot-balance').textContent(), WAIT).toContain('100.00');
      await spin.click();
      // The answer is shown once the spin button is ready again: the balance is the server's.
      await expect.poll(() => spin.getAttribute('aria-disabled'), WAIT).not.toBe('true');
      const win = Number(((await game.getByTestId('slot-last-win').textContent()) ?? '').replace(/[^\d.]/g, ''));
      const balance = (10_000 - 20 + Math.round(win * 100)) / 100;
      const shown = balance.toLocaleString('en-US', { minimumFractionDigits: 2 });
      await expect.poll(() => game.getByTestId('slot-balance').textContent(), WAIT).toContain(shown);

      // Back on the portal, the header shows the same balance (pushed when the money moved).
      await page.getByRole('button', { name: 'Close the game' }).click();
      await page.waitForURL((url) => url.pathname === '/rng');
      await expect.poll(() => headerBalance.textContent(), WAIT).toContain(shown);

      // The betting record has the round: its stake and what it paid.
      await page.locator('header .account-menu__button').click();
      await page.locator('.account-menu__item').first().click();
      await page.locator('.member-centre__link', { hasText: 'Betting record' }).first().click();
      const row = page.getByTestId('bet-record-table').locator('tbody tr').first();
      await expect.poll(() => row.textContent(), WAIT).toContain('0.20');
      expect(await row.textContent()).toContain(win.toFixed(2));
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    "keeps the vendor strip's arrows beside its chips on a 360 px phone, and asks for the tiles' pictures in English",
    async () => {
      const { context, page, errors } = await englishVisitor(browser, { width: 360, height: 740 });
      await openSlots(page);
      const strip = page.getByRole('tablist', { name: 'Game providers' });
      const back = page.getByRole('button', { name: 'Show previous providers' });
      const forward = page.getByRole('button', { name: 'Show more providers' });
      const stripBox = await strip.boundingBox();
      for (const arrow of [back, forward]) {
        const box = await arrow.boundingBox();
        if (!stripBox || !box) throw new Error('the vendor strip or an arrow is not on screen');
        const apart = box.x + box.width <= stripBox.x || box.x >= stripBox.x + stripBox.width;
        expect(apart, 'an arrow lies over the scrolling strip').toBe(true);
      }
      // Wherever the strip is scrolled, every visible part of every chip is the chip itself, never an arrow.
      for (const scrolled of [0, 24, 80]) {
        const covered = await strip.evaluate((list, left) => {
          list.scrollLeft = left;
          const edges = list.getBoundingClientRect();
          const hidden: string[] = [];
          for (const chip of Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'))) {
            const box = chip.getBoundingClientRect();
            const y = box.top + box.height / 2;
            for (let x = Math.max(box.left, edges.left) + 2; x < Math.min(box.right, edges.right) - 2; x += 6) {
              if (!chip.contains(document.elementFromPoint(x, y))) hidden.push(`${chip.textContent} at ${x}`);
            }
          }
          return hidden;
        }, scrolled);
        expect(covered, `scrolled by ${scrolled} px`).toEqual([]);
      }
      await strip.evaluate((list) => {
        list.scrollLeft = 0;
      });
      const all = await strip.getByRole('tab', { name: 'All', exact: true }).boundingBox();
      expect(all && stripBox && all.x >= stripBox.x).toBe(true);

      // A drawn tile carries the game's name: it is asked for in the page's language.
      const drawn = grid(page).locator('img[src*="/game-icons/"]').first();
      await drawn.waitFor();
      expect(await drawn.getAttribute('src')).toMatch(/\/game-icons\/[\w.:-]+\.svg\?language=en$/);
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'keeps a free-play account from real money: Play warns that a real account is needed, free play opens demo money',
    async () => {
      const { context, page, errors } = await englishVisitor(browser, DESKTOP);
      await page.goto('/login');
      await page.getByTestId('login-form').getByRole('button', { name: 'Play for free' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await openSlots(page);
      const slot = page.getByTestId('game-HOUSE-RNG-SLOT');
      await slot.getByRole('button', { name: 'Play Lucky Lanterns', exact: true }).click();
      await page.getByText('This needs a real account. Please register a real account to continue.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/rng');
      await page.keyboard.press('Escape');

      await slot.getByRole('button', { name: 'Try Lucky Lanterns for free', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/game');
      const game = page.frameLocator('iframe.game-page__frame');
      await expect.poll(() => game.getByTestId('slot-balance').textContent(), WAIT).toContain('2,000.00');
      await game.getByTestId('slot-spin').click();
      await expect.poll(() => game.getByTestId('slot-spin').getAttribute('aria-disabled'), WAIT).not.toBe('true');
      expect(await game.getByText('Demo money').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    "opens a vendor card's games in a popup and plays its baccarat after logging in; a sportsbook card opens its lobby",
    async () => {
      const { context, page, errors } = await englishVisitor(browser, PHONE);
      await page.goto('/');
      await page.locator('.vendor-tile', { hasText: 'Originals' }).last().click();
      const popup = page.getByRole('dialog', { name: 'Originals' });
      const baccarat = popup.getByTestId('game-HOUSE-PVP-BACCARAT');
      await baccarat.getByRole('button', { name: 'Play Royal Baccarat', exact: true }).click();
      const form = page.getByTestId('modal-login').getByTestId('login-form');
      await form.getByRole('textbox', { name: 'Username', exact: true }).fill('demo');
      await form.getByLabel('Password', { exact: true }).fill('Demo1234');
      await form.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.getByTestId('modal-login').waitFor({ state: 'detached' });

      await page.goto('/');
      await page.locator('.vendor-tile', { hasText: 'Originals' }).last().click();
      await baccarat.getByRole('button', { name: 'Play Royal Baccarat', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/game');
      await page.frameLocator('iframe.game-page__frame').getByTestId('baccarat-deal').waitFor(WAIT);
      expect(await page.getByRole('dialog', { name: 'Originals' }).count()).toBe(0);

      // A one-game vendor's card launches its lobby: no vendor is connected in the demo, so the player is told.
      await page.goto('/');
      await page.locator('.vendor-tile', { hasText: 'SBOBET' }).click();
      await page.getByRole('alert').filter({ hasText: MAINTENANCE }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY_TIMEOUT,
  );
});

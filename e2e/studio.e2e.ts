// The demo studio as the portal's vendor, in a browser: a member opens a PG Soft slot from /rng, the studio's page
// opens in the game frame, a spin is paid through the seamless API, and the header balance follows.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminCall, launchBrowser, signedInMember } from './browser.ts';

const WAIT = { timeout: 20_000 };
const PHONE = { width: 390, height: 844 };
const VENDORS = ['PG', 'JILI', 'SBO', 'EVO', 'SV388'];
let browser: Browser;
let studio: ChildProcess | undefined;
let dataDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-'));
  const portalPort = new URL(inject('baseURL')).port;
  const studioPort = 3900 + Math.floor(Math.random() * 90);
  const admin = inject('admin');
  studio = spawn(process.execPath, ['--import', 'tsx', 'apps/demo-studio/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: portalPort,
      STUDIO_PORT: String(studioPort),
      DATA_DIR: dataDir,
      ADMIN_USER: admin.username,
      ADMIN_PASSWORD: admin.password,
      // Only PG (slots), JILI (fish), SBO (sports), EVO (live tables) and SV388 (cockfight, in a window of its own):
      // the other journeys still find the other vendors unconnected ("maintenance").
      STUDIO_VENDORS: VENDORS.join(','),
      // Matches every 6 s, each over in 3 s: a bet settles within the journey.
      STUDIO_MATCH_MS: '6000:3000',
      STUDIO_FAST_TABLES: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Connected in the background once it runs.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const listed = (await adminCall('GET', '/admin/api/vendor-integrations')) as {
      value: { code: string; enabled: boolean }[];
    };
    const enabled = listed.value.filter((integration) => integration.enabled).map((integration) => integration.code);
    if (VENDORS.every((code) => enabled.includes(code))) break;
    if (studio.exitCode !== null) throw new Error(`the studio exited with ${studio.exitCode}`);
    if (Date.now() > deadline) throw new Error(`the studio did not connect ${VENDORS.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

afterAll(async () => {
  // Back to "maintenance" for the studio's vendors, as the operator would switch a vendor off.
  for (const code of VENDORS) {
    await adminCall('PUT', `/admin/api/vendor-integrations/${code}`, { currency: 'BDT', enabled: false }).catch(
      () => {},
    );
  }
  if (studio && studio.exitCode === null) {
    const exited = new Promise((resolve) => studio?.once('exit', resolve));
    studio.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  await browser?.close();
});

/** A new member with 100.00, signed in on a phone in English: the page, its errors and the header balance. */
async function signedIn() {
  const { context, page, errors } = await signedInMember(browser, {
    prefix: 'studio',
    password: 'Studio1234',
    funds: '100.00',
    viewport: PHONE,
  });
  const headerBalance = page.locator('header').getByTestId('balance-amount');
  await expect.poll(() => headerBalance.textContent(), WAIT).toContain('100.00');

  return { context, page, errors, headerBalance };
}

describe('the demo studio', () => {
  it('opens a PG Soft slot from /rng in the game frame, spins, and the header balance follows', async () => {
    const { context, page, errors, headerBalance } = await signedIn();

    await page.goto('/rng');
    const tile = page.locator('li.game-tile[data-testid^="game-PG-"]').first();
    await tile.waitFor(WAIT);
    const name = ((await tile.locator('.game-tile__name').textContent()) ?? '').trim();
    await tile.getByRole('button', { name: `Play ${name}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/game', WAIT);

    const game = page.frameLocator('iframe.game-page__frame');
    await expect.poll(() => game.getByTestId('studio-game-name').textContent(), WAIT).toBe(name);
    await expect.poll(() => game.getByTestId('studio-mark').textContent(), WAIT).toBe('Demo studio');
    await expect.poll(() => game.getByTestId('studio-balance').textContent(), WAIT).toContain('100.00');
    await game.getByTestId('studio-bet').selectOption('10.00');
    const spin = game.getByTestId('studio-spin');
    await spin.click();
    await expect.poll(() => spin.isEnabled(), WAIT).toBe(true);
    const win = Number(((await game.getByTestId('studio-win').textContent()) ?? '').replace(/[^\d.]/g, ''));
    const shown = ((100_00 - 10_00 + Math.round(win * 100)) / 100).toLocaleString('en-US', {
      minimumFractionDigits: 2,
    });
    await expect.poll(() => game.getByTestId('studio-balance').textContent(), WAIT).toContain(shown);

    // Back on the portal, the header has the balance the wallet holds.
    await page.getByRole('button', { name: 'Close the game' }).click();
    await page.waitForURL((url) => url.pathname === '/rng');
    await expect.poll(() => headerBalance.textContent(), WAIT).toContain(shown);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('opens a JILI fish game from /fish, shoots a target, and the header balance follows', async () => {
    const { context, page, errors, headerBalance } = await signedIn();
    await page.goto('/fish');
    const tile = page.locator('li.game-tile[data-testid^="game-JILI-"]').first();
    await tile.waitFor(WAIT);
    const name = ((await tile.locator('.game-tile__name').textContent()) ?? '').trim();
    await tile.getByRole('button', { name: `Play ${name}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/game', WAIT);

    const game = page.frameLocator('iframe.game-page__frame');
    await expect.poll(() => game.getByTestId('studio-game-name').textContent(), WAIT).toBe(name);
    await expect.poll(() => game.getByTestId('studio-mark').textContent(), WAIT).toBe('Demo studio');
    await expect.poll(() => game.getByTestId('studio-balance').textContent(), WAIT).toContain('100.00');
    await game.getByTestId('studio-bet').selectOption('1.00');
    // With reduced motion the targets hold still, so one can be tapped like any button.
    await game.getByTestId('fish-target').first().click();
    await expect.poll(() => game.getByTestId('studio-notice').textContent(), WAIT).toMatch(/^(Caught|Missed)/);
    const win = Number(((await game.getByTestId('studio-win').textContent()) ?? '').replace(/[^\d.]/g, ''));
    const shown = ((100_00 - 1_00 + Math.round(win * 100)) / 100).toLocaleString('en-US', {
      minimumFractionDigits: 2,
    });
    await expect.poll(() => game.getByTestId('studio-balance').textContent(), WAIT).toContain(shown);

    await page.getByRole('button', { name: 'Close the game' }).click();
    await page.waitForURL((url) => url.pathname === '/fish');
    await expect.poll(() => headerBalance.textContent(), WAIT).toContain(shown);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('places a cricket parlay on SBOBET with money moved into its game wallet, and sees it settle', async () => {
    const { context, page, errors } = await signedInMember(browser, {
      prefix: 'sports',
      password: 'Studio1234',
      funds: '100.00',
      viewport: PHONE,
    });

    // The sports vendor's card opens its book in the game frame: its wallet is empty, and the page says where to fill it.
    await page.locator('.vendor-tile', { hasText: 'SBOBET' }).click();
    await page.waitForURL((url) => url.pathname === '/game', WAIT);
    const game = page.frameLocator('iframe.game-page__frame');
    await expect.poll(() => game.getByTestId('studio-mark').textContent(), WAIT).toBe('Demo studio');
    await expect.poll(() => game.getByTestId('studio-balance').textContent(), WAIT).toContain('0.00');
    await game.getByTestId('sports-move-in').waitFor(WAIT);

    // The member moves 50.00 from the main wallet into the game wallet (the portal calls the studio's transfer API).
    const moved = await page.evaluate(async () => {
      const response = await fetch('/wps/relay/GCS_walletTransfer', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ from: 'MAIN', to: 'SBO', amount: '50.00' }),
      });
      return response.json();
    });
    expect(moved.value).toMatchObject({ status: 'done', vendor: '50.00' });
    await expect.poll(() => game.getByTestId('studio-balance').textContent(), WAIT).toContain('50.00');

    // A parlay of two T20 matches, the furthest from kick-off so that betting is still open.
    await game.getByTestId('sports-tab-cricket').click();
    const upcoming = game.locator('[data-testid="sports-fixture"].fixture--upcoming');
    await expect.poll(() => upcoming.count(), WAIT).toBeGreaterThan(2);
    // By id: the list moves on as matches kick off.
    const ids = await upcoming.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-fixture')));
    for (const id of ids.slice(-2)) {
      await game.locator(`[data-fixture="${id}"] [data-testid="sports-price"][data-market="winner"]`).first().click();
    }
    await expect.poll(() => game.getByTestId('sports-slip-type').textContent(), WAIT).toContain('Parlay (2 legs)');
    await game.getByTestId('sports-stake').fill('10.00');
    await game.getByTestId('sports-place').click();
    await expect.poll(() => game.getByTestId('studio-notice').textContent(), WAIT).toBe('Bet placed');
    await expect.poll(() => game.getByTestId('studio-balance').textContent(), WAIT).toContain('40.00');
    const bet = game.getByTestId('sports-bet').first();
    expect(await bet.getAttribute('data-status')).toBe('pending');

    // The matches are played out and the studio settles the parlay: won pays into the game wallet, lost pays nothing.
    await expect.poll(() => bet.getAttribute('data-status'), { timeout: 60_000, interval: 1_000 }).not.toBe('pending');
    const status = await bet.getAttribute('data-status');
    const balance = (await game.getByTestId('studio-balance').textContent()) ?? '';
    if (status === 'lost') expect(balance).toContain('40.00');
    else expect(Number(balance.replace(/[^\d.]/g, ''))).toBeGreaterThan(40);
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  it('seats two players at one live baccarat table: the same round, both bets settled, balances follow', async () => {
    const contexts: BrowserContext[] = [];
    const games: { page: Page; game: FrameLocator; spot: string }[] = [];
    for (const spot of ['player', 'banker']) {
      const { context, page } = await signedInMember(browser, {
        prefix: `live${spot.slice(0, 1)}`,
        password: 'Studio1234',
        funds: '100.00',
        viewport: PHONE,
      });
      // EVO-LIVE-0001 sits at a baccarat table.
      await page.goto('/live');
      const tile = page.locator('li.game-tile[data-testid="game-EVO-LIVE-0001"]');
      await tile.waitFor(WAIT);
      const name = ((await tile.locator('.game-tile__name').textContent()) ?? '').trim();
      await tile.getByRole('button', { name: `Play ${name}`, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/game', WAIT);
      const game = page.frameLocator('iframe.game-page__frame');
      await expect.poll(() => game.getByTestId('studio-game-name').textContent(), WAIT).toBe(name);
      await expect.poll(() => game.getByTestId('studio-dealer-note').textContent(), WAIT).toContain('software');
      contexts.push(context);
      games.push({ page, game, spot });
    }
    const roundOf = async (game: (typeof games)[number]['game']) =>
      (await game.getByTestId('live-round').textContent()) ?? '';
    // Both wait for a round that is open with time to bet in, and bet on it.
    await expect
      .poll(
        async () => {
          const phase = await games[0]?.game.getByTestId('live-phase').textContent();
          const left = Number(
            ((await games[0]?.game.getByTestId('live-countdown').textContent()) ?? '').replace(/\D/g, ''),
          );
          return phase === 'Bets open' && left >= 4;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    // Each page polls the table once a second, so the second may show the new round up to a second later.
    const round = await roundOf(games[0]!.game);
    await expect.poll(() => roundOf(games[1]!.game), { timeout: 3_000 }).toBe(round);
    for (const { game, spot } of games) {
      await game.locator('[data-chip="10.00"]').click();
      await game.getByTestId(`live-spot-${spot}`).click();
      await expect.poll(() => game.getByTestId('studio-balance').textContent(), WAIT).toContain('90.00');
    }
    // The result is drawn and both bets are settled; both players saw the same cards.
    for (const { game } of games) {
      await expect
        .poll(() => game.getByTestId('live-my-bet').first().textContent(), { timeout: 30_000 })
        .not.toContain('Waiting');
    }
    // Both saw the same results: the road (the last rounds' winners) is the same once both show the same round.
    await expect
      .poll(async () => {
        const [a, b] = await Promise.all(games.map(({ game }) => roundOf(game)));
        const [roadA, roadB] = await Promise.all(games.map(({ game }) => game.getByTestId('live-road').textContent()));
        return a === b && roadA === roadB && (roadA ?? '').length > 0;
      }, WAIT)
      .toBe(true);
    for (const { page, game } of games) {
      const shown = ((await game.getByTestId('studio-balance').textContent()) ?? '').replace(/[^\d.]/g, '');
      const back = Number(shown);
      // Player wins 10 → 110, banker wins 9.50 → 109.50, a tie pushes → 100, a loss → 90.
      expect([90, 100, 109.5, 110]).toContain(back);
      await page.getByRole('button', { name: 'Close the game' }).click();
      await page.waitForURL((url) => url.pathname === '/live');
      await expect
        .poll(() => page.locator('header').getByTestId('balance-amount').textContent(), WAIT)
        .toContain(back.toLocaleString('en-US', { minimumFractionDigits: 2 }));
    }
    for (const context of contexts) await context.close();
  }, 120_000);

  it('opens an SV388 cockfight in a window of its own, as the vendor says, and bets in it on meron', async () => {
    const { context, page, errors } = await signedInMember(browser, {
      prefix: 'pit',
      password: 'Studio1234',
      funds: '100.00',
      viewport: PHONE,
    });
    await page.goto('/cockfight');
    const tile = page.locator('li.game-tile[data-testid^="game-SV388-"]').first();
    await tile.waitFor(WAIT);
    const name = ((await tile.locator('.game-tile__name').textContent()) ?? '').trim();
    const opened = context.waitForEvent('page', WAIT);
    await tile.getByRole('button', { name: `Play ${name}`, exact: true }).click();
    const pit = await opened;
    // The portal stays where it was; the studio's page, which refuses any frame, has the window.
    expect(new URL(page.url()).pathname).toBe('/cockfight');
    await expect.poll(() => pit.getByTestId('studio-game-name').textContent(), WAIT).toBe(name);
    expect(new URL(pit.url()).searchParams.get('vendor')).toBe('SV388');
    await expect.poll(() => pit.getByTestId('studio-balance').textContent(), WAIT).toContain('100.00');
    const pitErrors: string[] = [];
    pit.on('pageerror', (error) => pitErrors.push(error.message));

    // A bet on meron while betting is open: the stake leaves the member's wallet through the seamless API.
    await expect
      .poll(
        async () => {
          const phase = await pit.getByTestId('pit-phase').textContent();
          const left = Number(((await pit.locator('.countdown').textContent()) ?? '').replace(/\D/g, ''));
          return phase === 'Bets open' && left >= 5;
        },
        { timeout: 110_000 },
      )
      .toBe(true);
    await pit.getByTestId('pit-spot-meron').click();
    await pit.getByTestId('pit-my-bet').first().waitFor(WAIT);
    await expect.poll(() => pit.getByTestId('studio-balance').textContent(), WAIT).toContain('90.00');
    expect(pitErrors).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});

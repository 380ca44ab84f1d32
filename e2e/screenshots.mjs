// Takes the screenshots of docs/screenshots from a running portal with the demo accounts (home, accounts,
// wallet, slots, house, vendors, status, lottery). Usage: node e2e/screenshots.mjs [http://localhost:3000] [group ...] (every group
// when none). The status group switches maintenance on and off again, as the operator ADMIN_USER (default admin)
// with ADMIN_PASSWORD.
import path from 'node:path';
import { chromium } from 'playwright-core';

const baseURL = process.argv[2] ?? 'http://localhost:3000';
const out = path.resolve(import.meta.dirname, '../docs/screenshots');
const viewports = { phone: { width: 360, height: 740 }, desktop: { width: 1440, height: 900 } };
const GROUPS = ['home', 'accounts', 'wallet', 'slots', 'house', 'vendors', 'status', 'lottery'];
const chosen = process.argv.slice(3);
const unknown = chosen.filter((group) => !GROUPS.includes(group));
if (unknown.length > 0) throw new Error(`unknown screenshot group ${unknown.join(', ')}; known: ${GROUPS.join(', ')}`);
const wanted = (group) => chosen.length === 0 || chosen.includes(group);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  if (wanted('home')) await homeScreens();
  if (wanted('accounts')) await accountScreens();
  if (wanted('wallet')) await walletScreens();
  if (wanted('slots')) await slotsScreens();
  if (wanted('house')) await houseScreens();
  if (wanted('vendors')) await vendorScreens();
  if (wanted('status')) await statusScreens();
  if (wanted('lottery')) await lotteryScreens();
} finally {
  await browser.close();
}

/**
 * The home page on a phone (360×740) and a laptop (1280×800), in both themes and both languages (Bengali unmarked,
 * English `-en`), the phone's whole page once, and the news popup.
 */
async function homeScreens() {
  const homeViewports = { phone: viewports.phone, desktop: { width: 1280, height: 800 } };
  for (const [device, viewport] of Object.entries(homeViewports)) {
    for (const language of ['bn', 'en']) {
      for (const theme of ['light', 'dark']) {
        const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
        await context.addInitScript(
          ([chosenTheme, chosenLanguage]) => {
            localStorage.setItem('theme', chosenTheme);
            localStorage.setItem('lang', chosenLanguage);
            sessionStorage.setItem('newsPopupSeen', '1');
          },
          [theme, language],
        );
        if (language === 'en') await context.addCookies([{ name: 'lang', value: 'en', url: baseURL }]);
        const page = await context.newPage();
        await page.goto('/');
        await page.getByTestId('banner-carousel').locator('.banner-carousel__headline').first().waitFor();
        await page.getByTestId('home-hot-games').waitFor();
        await page.waitForLoadState('networkidle');
        const suffix = language === 'bn' ? '' : `-${language}`;
        await page.screenshot({ path: path.join(out, `home-${device}-${theme}${suffix}.png`) });
        if (device === 'phone' && theme === 'light' && language === 'bn') {
          await page.screenshot({ path: path.join(out, 'home-phone-light-full.png'), fullPage: true });
        }
        await context.close();
      }
    }
  }
  const context = await browser.newContext({ baseURL, viewport: viewports.phone });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByTestId('news-popup').waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(out, 'news-popup-phone-light.png') });
  await context.close();
}

/** The app download page, and the maintenance screen with customer service (the help centre's contact section). */
async function statusScreens() {
  const context = await browser.newContext({ baseURL, viewport: viewports.phone, reducedMotion: 'reduce' });
  await context.addInitScript(() => sessionStorage.setItem('newsPopupSeen', '1'));
  const page = await context.newPage();
  await page.goto('/down');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(out, 'download-phone-light.png') });

  const password = process.env.ADMIN_PASSWORD;
  if (!password) throw new Error('the status group needs ADMIN_PASSWORD (and ADMIN_USER unless it is admin)');
  const session = await fetch(new URL('/admin/api/session', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: process.env.ADMIN_USER ?? 'admin', password }),
  }).then((response) => response.json());
  const maintenance = (body) =>
    fetch(new URL('/admin/api/settings/maintenance', baseURL), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.value.token}` },
      body: JSON.stringify(body),
    });
  const endAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
  await maintenance({ enabled: true, endAt, message: { en: 'Upgrading the wallet', bn: 'ওয়ালেট উন্নত করা হচ্ছে' } });
  try {
    await page.goto('/');
    await page.getByTestId('maintenance-end').waitFor();
    await page.screenshot({ path: path.join(out, 'maintenance-phone-light.png') });
    await page.getByTestId('maintenance-screen').getByRole('button').click();
    await page.getByTestId('help-modal').locator('p').first().waitFor();
    await page.screenshot({ path: path.join(out, 'maintenance-customer-service-phone-light.png') });
  } finally {
    await maintenance({ enabled: false, endAt: null, message: {} });
    await context.close();
  }
}

/** Signs the demo player in through the login page; the portal then shows its home page. */
/** Waits until every game picture on screen has loaded (they load lazily, as they come into view). */
async function picturesOnScreen(page, selector = '.game-tile img') {
  await page.waitForFunction(
    (images) =>
      [...document.querySelectorAll(images)].every((image) => {
        const box = image.getBoundingClientRect();
        const onScreen = box.bottom > 0 && box.top < window.innerHeight;
        return !onScreen || (image.complete && image.naturalWidth > 0);
      }),
    selector,
  );
}

async function logInDemo(page) {
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await form.locator('input[autocomplete="username"]').fill('demo');
  await form.locator('input[type="password"]').fill('Demo1234');
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** The slots page (/rng) as the demo player sees it, on a phone of today and on a laptop. */
async function slotsScreens() {
  const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 768 } };
  for (const [device, viewport] of Object.entries(sizes)) {
    const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
    await context.addInitScript(() => sessionStorage.setItem('newsPopupSeen', '1'));
    const page = await context.newPage();
    await logInDemo(page);
    await page.goto('/rng');
    await page.locator('.game-grid > li.game-tile').nth(14).waitFor();
    await page.waitForLoadState('networkidle');
    // What a player sees on reaching the games: the page title just under the sticky header.
    await page.evaluate(() => {
      const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      const title = document.querySelector('.page-title')?.getBoundingClientRect().top ?? 0;
      window.scrollBy(0, title - header - 12);
    });
    // The tiles now on screen start loading their pictures: wait for every one of them.
    await picturesOnScreen(page, '.game-grid img');
    await page.screenshot({ path: path.join(out, `slots-${device}.png`) });
    await context.close();
  }
}

/** The login page, registration and the signed-in member centre, on a phone and on a desktop. */
async function accountScreens() {
  for (const [device, viewport] of Object.entries(viewports)) {
    const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
    await context.addInitScript(() => sessionStorage.setItem('newsPopupSeen', '1'));
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, `login-${device}-light.png`) });

    await page.goto('/register');
    await page.getByTestId('register-form').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, `register-${device}-light.png`) });

    await logInDemo(page);
    await page.locator('header .account-menu__button').click();
    await page.locator('.account-menu__item').first().click();
    await page
      .getByText('demo@example.com', { exact: false })
      .first()
      .waitFor()
      .catch(() => {});
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, `member-centre-${device}-light.png`) });
    await context.close();
  }
}

/** The member centre's money pages as the demo player sees them: a bKash deposit order, withdrawal, account record. */
async function walletScreens() {
  for (const [device, viewport] of Object.entries(viewports)) {
    const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
    await context.addInitScript(() => sessionStorage.setItem('newsPopupSeen', '1'));
    const page = await context.newPage();
    await logInDemo(page);
    await page.locator('header .account-menu__button').click();
    await page.locator('.account-menu__item').first().click();
    const tab = (index) => page.locator('.member-centre__link').nth(index);
    await tab(2).click();
    const deposit = page.getByTestId('deposit-form');
    await deposit.getByRole('tab').nth(1).click();
    await deposit.locator('.channel-option').first().click();
    await deposit.locator('.quick-amounts__button').first().click();
    await deposit.locator('button[type="submit"]').click();
    await page.getByTestId('deposit-order').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, `deposit-order-${device}-light.png`) });
    await tab(3).click();
    await page.getByTestId('payout-accounts').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, `withdraw-${device}-light.png`) });
    await tab(6).click();
    // The screen's code is a lazy chunk: wait for the screen itself, not only for the network to settle.
    await page.getByTestId('account-records').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, `account-record-${device}-light.png`) });
    await context.close();
  }
}

/**
 * The house games as the demo player plays them for real money: opened from their tile, one round played. The
 * slot on a phone in English and on a laptop, the dice on a phone in Bengali, baccarat on a laptop and a phone.
 */
async function houseScreens() {
  const shots = [
    { file: 'house-slot-phone.png', from: '/rng', node: 'HOUSE-RNG-SLOT', lang: 'en', device: 'phone' },
    { file: 'house-slot-desktop.png', from: '/rng', node: 'HOUSE-RNG-SLOT', lang: 'en', device: 'desktop' },
    { file: 'house-dice-phone-bn.png', from: '/rng', node: 'HOUSE-RNG-DICE', lang: 'bn', device: 'phone' },
    { file: 'house-baccarat-desktop.png', from: '/pvp', node: 'HOUSE-PVP-BACCARAT', lang: 'en', device: 'desktop' },
    { file: 'house-baccarat-phone-bn.png', from: '/pvp', node: 'HOUSE-PVP-BACCARAT', lang: 'bn', device: 'phone' },
  ];
  const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
  for (const shot of shots) {
    const context = await browser.newContext({ baseURL, viewport: sizes[shot.device], reducedMotion: 'reduce' });
    await context.addCookies([{ name: 'lang', value: shot.lang, url: baseURL }]);
    await context.addInitScript((lang) => {
      localStorage.setItem('lang', lang);
      sessionStorage.setItem('newsPopupSeen', '1');
    }, shot.lang);
    const page = await context.newPage();
    await logInDemo(page);
    await page.goto(shot.from);
    await page.locator(`[data-testid="game-${shot.node}"] button:not(.game-tile__favourite)`).first().click();
    await page.waitForURL((url) => url.pathname === '/game');
    const game = page.frameLocator('iframe');
    if (shot.node === 'HOUSE-RNG-SLOT') {
      await game.getByTestId('slot-spin').click();
      await game.getByTestId('slot-spin').and(game.locator('[aria-disabled="false"]')).waitFor();
    } else if (shot.node === 'HOUSE-RNG-DICE') {
      await game.getByTestId('dice-roll').click();
      await game.getByTestId('dice-result').waitFor();
    } else {
      await game.getByTestId('baccarat-spot-banker').click();
      await game.getByTestId('baccarat-deal').click();
      await game.getByTestId('baccarat-outcome').waitFor();
    }
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(out, shot.file) });
    await context.close();
  }
}

/** A vendor card's popup of games: from the desktop navigation's dropdown, and from the phone's home page. */
async function vendorScreens() {
  const desktop = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  await desktop.addInitScript(() => {
    localStorage.setItem('lang', 'en');
    sessionStorage.setItem('newsPopupSeen', '1');
  });
  const page = await desktop.newPage();
  await logInDemo(page);
  await page.goto('/');
  await page.locator('.game-nav__item.has-dropdown', { hasText: 'Casino' }).hover();
  // The dropdown's link: the home page's vendor cards show an Evolution link too.
  await page.getByRole('list', { name: 'Live casino providers' }).getByRole('link', { name: 'Evolution' }).click();
  await page.getByTestId('vendor-games').locator('.game-tile').first().waitFor();
  await page.waitForTimeout(800);
  await picturesOnScreen(page);
  await page.screenshot({ path: path.join(out, 'vendor-games-desktop.png') });
  await desktop.close();

  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  await phone.addInitScript(() => sessionStorage.setItem('newsPopupSeen', '1'));
  const phonePage = await phone.newPage();
  await phonePage.goto('/');
  await phonePage.locator('.vendor-tile', { hasText: 'Kingmaker' }).click();
  await phonePage.getByTestId('vendor-games').locator('.game-tile').first().waitFor();
  await phonePage.waitForTimeout(800);
  await picturesOnScreen(phonePage);
  await phonePage.screenshot({ path: path.join(out, 'vendor-games-phone-bn.png') });
  await phone.close();
}

/**
 * The lottery on a phone of today (390×844) as the demo player sees it: the lobby (Bengali), a Win Go game with two
 * picks on the slip, the trend of the last results, a draw's verification agreeing, and the Vietnamese ticket
 * preview when the server runs the Vietnamese lottery.
 */
async function lotteryScreens() {
  const phone = { width: 390, height: 844 };
  const open = async (language) => {
    const context = await browser.newContext({ baseURL, viewport: phone, reducedMotion: 'reduce' });
    await context.addCookies([{ name: 'lang', value: language, url: baseURL }]);
    await context.addInitScript((lang) => {
      localStorage.setItem('lang', lang);
      sessionStorage.setItem('newsPopupSeen', '1');
    }, language);
    const page = await context.newPage();
    await logInDemo(page);
    return { context, page };
  };
  const still = (page) =>
    page.addStyleTag({ content: '*,*::before,*::after{animation:none!important;transition:none!important}' });

  let { context, page } = await open('bn');
  await page.goto('/lottery');
  await page.getByTestId('lottery-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  await still(page);
  await page.screenshot({ path: path.join(out, 'lottery-lobby-phone-bn.png') });
  await context.close();

  ({ context, page } = await open('en'));
  await page.goto('/lottery?gameCode=WINGO_1M');
  await page.getByTestId('lottery-countdown').waitFor();
  await page.locator('.lottery-draw__latest').waitFor();
  await page.getByRole('button', { name: '3, pays ×9.00' }).click();
  await page.getByRole('button', { name: '7, pays ×9.00' }).click();
  await still(page);
  await page.screenshot({ path: path.join(out, 'lottery-game-phone.png') });
  await page.getByRole('tab', { name: 'Results' }).click();
  await page.locator('.lottery-results__verify').first().click();
  await page.getByTestId('lottery-verdict').waitFor();
  await page.screenshot({ path: path.join(out, 'lottery-verify-phone.png') });
  await context.close();

  ({ context, page } = await open('bn'));
  await page.goto('/lottery?gameCode=WINGO_1M');
  await page.getByTestId('lottery-countdown').waitFor();
  await page.getByRole('tab', { name: 'প্রবণতা' }).click();
  await page.locator('.lottery-trend .recharts-bar-rectangle').first().waitFor();
  await still(page);
  await page.screenshot({ path: path.join(out, 'lottery-trend-phone-bn.png') });
  await context.close();

  ({ context, page } = await open('bn'));
  await page.goto('/vnlottery');
  await page.waitForLoadState('networkidle');
  const card = page.getByTestId('lottery-card').first();
  if ((await card.count()) > 0) {
    await card.locator('a').click();
    await page.getByTestId('lottery-countdown').waitFor();
    await page.getByRole('button', { name: '27', exact: true }).click();
    await page.getByRole('button', { name: '68', exact: true }).click();
    await page.getByTestId('lottery-slip').locator('.lottery-slip__place').click();
    await page.getByTestId('vn-preview').waitFor();
    await still(page);
    await page.screenshot({ path: path.join(out, 'lottery-vn-preview-phone-bn.png') });
  }
  await context.close();
}

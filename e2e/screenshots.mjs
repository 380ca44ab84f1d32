// Takes the screenshots of docs/screenshots from a running portal with the demo accounts (home, accounts).
// Usage: node e2e/screenshots.mjs [http://localhost:3000]
import path from 'node:path';
import { chromium } from 'playwright-core';

const baseURL = process.argv[2] ?? 'http://localhost:3000';
const out = path.resolve(import.meta.dirname, '../docs/screenshots');
const viewports = { phone: { width: 360, height: 740 }, desktop: { width: 1440, height: 900 } };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const [device, viewport] of Object.entries(viewports)) {
    for (const theme of ['light', 'dark']) {
      const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
      await context.addInitScript((chosen) => {
        localStorage.setItem('theme', chosen);
        sessionStorage.setItem('newsPopupSeen', '1');
      }, theme);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByTestId('banner-carousel').locator('img').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(out, `home-${device}-${theme}.png`) });
      await context.close();
    }
  }
  const context = await browser.newContext({ baseURL, viewport: viewports.phone });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByTestId('news-popup').waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(out, 'news-popup-phone-light.png') });
  await context.close();
  await accountScreens();
  await walletScreens();
} finally {
  await browser.close();
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

    await page.goto('/login');
    const form = page.getByTestId('login-form');
    await form.locator('input[autocomplete="username"]').fill('demo');
    await form.locator('input[type="password"]').fill('Demo1234');
    await form.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/');
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
    await page.goto('/login');
    const form = page.getByTestId('login-form');
    await form.locator('input[autocomplete="username"]').fill('demo');
    await form.locator('input[type="password"]').fill('Demo1234');
    await form.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/');
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
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, `account-record-${device}-light.png`) });
    await context.close();
  }
}

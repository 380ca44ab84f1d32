import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, DESKTOP, launchBrowser, PHONE, signedInMember } from './browser.ts';

let browser: Browser;
/** A 1×1 png, as a phone's screenshot of the payment message would be (smaller). */
const RECEIPT = {
  name: 'receipt.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A fresh player under the demo agent, signed in, English labels, with the member centre on the given page (null:
 * as the account menu opened it, untouched).
 */
async function memberAt(tab: string | null, viewport = PHONE) {
  const { account, page, context } = await signedInMember(browser, { prefix: 'wal', password: 'Wallet1234', viewport });
  await page.locator('header .account-menu__button').click();
  await page.locator('.account-menu__item', { hasText: 'My account' }).click();
  if (tab) await openTab(page, tab);
  return { account, page, context };
}

async function openTab(page: Page, name: string) {
  await page.locator('.member-centre__link', { hasText: name }).first().click();
}

async function setPaymentPassword(page: Page) {
  await openTab(page, 'My account');
  await page.getByRole('button', { name: 'Set payment password' }).click();
  await page.getByLabel('Login password').fill('Wallet1234');
  await page.getByLabel('New payment password (6 digits)').fill('135790');
  await page.getByLabel('Confirm payment password').fill('135790');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Your payment password is saved').waitFor();
}

async function newestOrder(kind: 'deposits' | 'withdrawals', status: string) {
  const { value } = await adminCall('GET', `/admin/api/${kind}?status=${status}&pageSize=1`);
  return value.list[0] as { orderNo: string; amount: string };
}

describe('wallet in the browser', () => {
  it('deposits through bKash with a transaction id and receipt; the balance updates live when the operator confirms', async () => {
    const { page, context } = await memberAt('Deposit');
    const form = page.getByTestId('deposit-form');
    await form.getByRole('tab', { name: 'E-wallet' }).click();
    await form.getByText('bKash').click();
    await form.getByRole('button', { name: /1,000/ }).click();
    await form.getByRole('button', { name: 'Create deposit order' }).click();

    const order = page.getByTestId('deposit-order');
    await order.getByText('Awaiting payment').waitFor();
    await expect(page.getByTestId('receiving-account').textContent()).resolves.toContain('01700000100');
    await page.getByLabel('Transaction ID').fill('BKX7Q2M9P1');
    await page.getByTestId('deposit-submit-form').locator('input[type="file"]').setInputFiles(RECEIPT);
    await page.getByTestId('deposit-submit-form').getByRole('button').last().click();
    await order.getByText('Being checked').waitFor();

    const pending = await newestOrder('deposits', 'waiting_confirmation');
    expect(pending.amount).toBe('1000.00');
    await adminCall('POST', `/admin/api/deposits/${pending.orderNo}/confirm`);
    // No reload: the WebSocket pushes the new balance into the header.
    await page.getByTestId('balance-amount').filter({ hasText: '1,000.00' }).waitFor({ timeout: 10_000 });
    await context.close();
  });

  it('opens the member centre on a phone at its top, the section tabs in view', async () => {
    const { page, context } = await memberAt(null);
    await page.getByRole('button', { name: 'Set payment password' }).waitFor();
    expect(await page.locator('.modal__body').evaluate((body) => body.scrollTop)).toBe(0);
    const tabs = page.locator('.member-centre__menu');
    // The element the phone shows at the middle of the tab row is the tab row itself, not what scrolled over it.
    const covered = await tabs.evaluate((menu) => {
      const box = menu.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return !(hit && menu.contains(hit));
    });
    expect(covered).toBe(false);
    await context.close();
  });

  it('withdraws to a bound account with the payment password, then confirms receipt after payout', async () => {
    const { account, page, context } = await memberAt('My account', DESKTOP);
    await adminCall(
      'POST',
      `/admin/api/members/${account}/adjustments`,
      { amount: '800.00', reason: 'e2e' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    await setPaymentPassword(page);
    await openTab(page, 'Withdraw');

    await page.getByRole('button', { name: 'Bind an account' }).click();
    const bind = page.getByTestId('add-payout-account');
    await bind.getByLabel('Bank or e-wallet').fill('Nagad');
    await bind.getByLabel('Account holder name').fill('Karim Uddin');
    await bind.getByLabel('Account number').fill('01811112222');
    await bind.getByLabel('Payment password').fill('135790');
    await bind.getByRole('button', { name: 'Bind account' }).click();
    await page.getByTestId('payout-accounts').getByText('****2222').first().waitFor();

    const form = page.getByTestId('withdrawal-form');
    await form.getByLabel('Amount').fill('300');
    await form.getByLabel('Payment password').fill('135790');
    await form.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText(/Withdrawal W\d+ requested/).waitFor();
    await page.getByText('Pending').first().waitFor();

    const pending = await newestOrder('withdrawals', 'pending');
    await adminCall('POST', `/admin/api/withdrawals/${pending.orderNo}/pay`);
    await page.getByText('Paid out').first().waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Yes, received' }).first().click();
    await page.getByRole('alertdialog').getByRole('button').last().click();
    await page.getByText('Thank you for confirming').waitFor();
    const { value } = await adminCall('GET', '/admin/api/withdrawals?status=received&pageSize=5');
    expect(value.list.some((w: { orderNo: string }) => w.orderNo === pending.orderNo)).toBe(true);
    await context.close();
  });
});

// The device runs on UTC here, as a phone set to another zone would: every time shown is still Dhaka's.
process.env.TZ = 'UTC';

import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SecurityCentre } from '@/features/member/components/security-centre';
import { AccountRecords } from '@/features/wallet/components/account-records';
import { BetRecords } from '@/features/wallet/components/bet-records';
import { page, recordFetch } from '@/features/wallet/test/wallet-fixtures';
import { i18n } from '@/i18n';
import { memberInfo } from '@/test/auth-fixtures';
import { renderWithProviders } from '@/test/render';

/** 01:28 UTC is 07:28 in Dhaka (UTC+6), on the same day. */
const INSTANT = '2026-11-27T01:28:00.000Z';
const DHAKA_EN = '27 Nov 2026, 7:28 am';
const DHAKA_BN = '২৭ নভে, ২০২৬, ৭:২৮ AM';

const security = {
  totpEnabled: false,
  totpAlways: false,
  factors: [],
  maskedMobile: null,
  mobileVerified: false,
  maskedEmail: null,
  hasPaymentPassword: false,
  recentLogins: [{ ip: '203.0.113.7', at: INSTANT }],
};

function stubPortal() {
  recordFetch({
    '/wps/member/security': security,
    '/wps/wallet/records/account': page([
      { id: '1', time: INSTANT, type: 'deposit', amount: '500.00', balanceAfter: '500.00', reference: 'REF-1' },
    ]),
    '/wps/wallet/records/bets': page([
      {
        reference: 'bet:HOUSE:H000000000000000000000001',
        gameName: 'Fair Dice',
        nodeId: 'HOUSE-DICE',
        vendorCode: 'HOUSE',
        vendorName: 'Originals',
        roundId: 'H000000000000000000000001',
        time: INSTANT,
        stake: '10.00',
        payout: '0.00',
        net: '-10.00',
        status: 'settled',
      },
    ]),
  });
}

beforeEach(() => {
  // Late on 27 November in Dhaka, so the records' default week holds the instant.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T12:00:00.000Z'));
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('bn'));
});

describe('one time zone for the player', () => {
  it('runs on a UTC device', () => {
    expect(new Date(INSTANT).getHours()).toBe(1);
  });

  it('shows the same Dhaka clock time in My account and in the records', async () => {
    await act(() => i18n.changeLanguage('en'));
    stubPortal();
    renderWithProviders(<SecurityCentre member={memberInfo({ lastLoginAt: INSTANT })} onChangePassword={() => {}} />);
    const lastLogin = screen.getByText(i18n.t('member.lastLogin')).closest('div, tr, li')!;
    expect(lastLogin.textContent).toContain(DHAKA_EN);
    // The recent sign-ins list the same instant the same way.
    expect((await screen.findByText('203.0.113.7')).closest('li')!.textContent).toContain(DHAKA_EN);

    renderWithProviders(<AccountRecords symbol="৳" />);
    const accountRow = (await screen.findByText('REF-1')).closest('tr')!;
    expect(accountRow.textContent).toContain(DHAKA_EN);

    renderWithProviders(<BetRecords symbol="৳" />);
    const betTable = await screen.findByTestId('bet-record-table');
    expect(within(betTable).getByText(DHAKA_EN)).toBeTruthy();
  });

  it('shows Dhaka time in Bengali too', async () => {
    stubPortal();
    renderWithProviders(<SecurityCentre member={memberInfo({ lastLoginAt: INSTANT })} onChangePassword={() => {}} />);
    expect(screen.getByText(i18n.t('member.lastLogin')).closest('div, tr, li')!.textContent).toContain(DHAKA_BN);
    renderWithProviders(<AccountRecords symbol="৳" />);
    expect((await screen.findByText('REF-1')).closest('tr')!.textContent).toContain(DHAKA_BN);
  });
});

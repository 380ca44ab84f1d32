import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { renderWithProviders } from '@/test/render';
import { recordCalls, SERVER_SEED, SERVER_SEED_HASH } from './test/dice-fixtures';
import { HouseVerifyPage } from './verify-page';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

afterEach(async () => {
  await i18n.changeLanguage('bn');
});

function renderVerify(query: Record<string, string>) {
  const calls = recordCalls({});
  const result = renderWithProviders(<HouseVerifyPage />, { path: `/house/verify?${new URLSearchParams(query)}` });
  return { ...result, calls };
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('HouseVerifyPage', () => {
  it('recomputes the commitment and the roll from the address, without any server call', async () => {
    const { calls } = renderVerify({ serverSeed: SERVER_SEED, clientSeed: 'player-seed', nonce: '0', lang: 'en' });
    await waitFor(() => expect(text('verify-roll')).toBe('67.84'));
    expect(text('verify-commitment')).toContain(SERVER_SEED_HASH);
    expect((screen.getByTestId('verify-server-seed') as HTMLInputElement).value).toBe(SERVER_SEED);
    expect(screen.getByText('player-seed:0')).toBeTruthy();
    expect(i18n.language).toBe('en');
    expect(screen.getByText(t('houseDice.explain.intro'))).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('follows the inputs: another nonce gives another roll', async () => {
    renderVerify({ serverSeed: SERVER_SEED, clientSeed: 'player-seed', nonce: '0' });
    await waitFor(() => expect(text('verify-roll')).toBe('67.84'));
    fireEvent.change(screen.getByTestId('verify-nonce'), { target: { value: '42' } });
    await waitFor(() => expect(text('verify-roll')).toBe('71.94'));
    fireEvent.change(screen.getByTestId('verify-nonce'), { target: { value: '-1' } });
    expect(text('verify-roll')).toBe('--.--');
    expect(screen.getByText(t('houseDice.verify.nonceInvalid'))).toBeTruthy();
  });

  it('settles a winning and a losing bet given direction, target and stake', async () => {
    renderVerify({
      serverSeed: SERVER_SEED,
      clientSeed: 'player-seed',
      nonce: '0',
      direction: 'under',
      target: '70.00',
      stake: '10.00',
    });
    // Under 70.00 is a 70% chance: ×1.4142, so a 10.00 stake pays 14.14 (rounded down).
    await waitFor(() => expect(text('verify-outcome')).toContain(t('houseDice.verify.won')));
    expect(text('verify-payout')).toBe(t('houseDice.verify.payout', { stake: '10.00', payout: '14.14' }));
    expect(screen.getByText(/×1\.4142/)).toBeTruthy();

    fireEvent.click(screen.getByTestId('verify-direction-over'));
    await waitFor(() => expect(text('verify-outcome')).toContain(t('houseDice.verify.lost')));
    expect(text('verify-payout')).toBe(t('houseDice.verify.payout', { stake: '10.00', payout: '0.00' }));

    // A roll equal to the target loses both ways.
    fireEvent.change(screen.getByTestId('verify-target'), { target: { value: '67.84' } });
    fireEvent.click(screen.getByTestId('verify-direction-under'));
    await waitFor(() => expect(text('verify-outcome')).toContain(t('houseDice.verify.lost')));
  });

  it('says whether the revealed seed matches the commitment shown before play', async () => {
    renderVerify({ serverSeed: SERVER_SEED, clientSeed: 'player-seed', nonce: '0', hash: SERVER_SEED_HASH });
    await waitFor(() => expect(text('verify-hash-match')).toContain(t('houseDice.verify.hashMatches')));
    fireEvent.change(screen.getByTestId('verify-hash'), { target: { value: 'c'.repeat(64) } });
    expect(text('verify-hash-match')).toContain(t('houseDice.verify.hashDiffers'));
  });

  it('explains what is wrong with a bad server seed or client seed and shows no roll', async () => {
    renderVerify({ serverSeed: 'xyz', clientSeed: 'has space', nonce: '3' });
    expect(screen.getByText(t('houseDice.verify.serverSeedInvalid'))).toBeTruthy();
    expect(screen.getByText(t('houseDice.fair.clientSeedInvalid'))).toBeTruthy();
    expect(text('verify-roll')).toBe('--.--');
    expect(screen.queryByTestId('verify-outcome')).toBeNull();
  });
});

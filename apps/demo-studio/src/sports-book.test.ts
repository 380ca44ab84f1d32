import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verifySignature } from '@portal/shared/vendor-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BetLeg } from './engines/sports-bets.ts';
import { matchResult, type Sport } from './engines/sports-model.ts';
import { Journal } from './journal.ts';
import { RoundKeeper } from './rounds.ts';
import { SportsBook } from './sports-book.ts';
import { TransferWallet } from './transfer-wallet.ts';
import { type PortalTransport, VendorClient } from './vendor-client.ts';

const SECRET = 'sports-book-test-secret-0123456789abcdef';
const BOOK_SECRET = 'book-secret-for-tests';
const MINUTE = 60_000;
/** A fixture of each sport every minute from 0, each played in a minute: fixture n ends at (n + 1) minutes. */
const SCHEDULES = Object.fromEntries(
  (['cricket', 'football', 'esports'] as Sport[]).map((sport) => [
    sport,
    { startMs: 0, intervalMs: MINUTE, durationMs: MINUTE },
  ]),
) as Record<Sport, { startMs: number; intervalMs: number; durationMs: number }>;

/** The portal's seamless wallet, small: each txId applied once, a win only for a bet taken, a rollback refunds. */
class FakePortal implements PortalTransport {
  balance = 100_00;
  readonly calls: { path: string; body: Record<string, string> }[] = [];
  private readonly answers = new Map<string, { status: number; text: string }>();
  private readonly bets = new Map<string, number>();

  async post(pathName: string, body: string, headers: Record<string, string>) {
    if (verifySignature(SECRET, body, headers['x-vendor-signature']) !== null) return answer(401, 'SIGNATURE');
    const request = JSON.parse(body) as Record<string, string>;
    this.calls.push({ path: pathName, body: request });
    const txId = request.txId as string;
    const earlier = this.answers.get(txId);
    if (earlier) return earlier;
    const operation = pathName.split('/').pop();
    const cents = Math.round(Number(request.amount ?? 0) * 100);
    if (operation === 'bet') {
      if (cents > this.balance) return answer(409, 'INSUFFICIENT_FUNDS', this.balance);
      this.balance -= cents;
      this.bets.set(txId, cents);
    } else if (operation === 'win') {
      if (!this.bets.has(request.betTxId as string)) return answer(404, 'BET_NOT_FOUND');
      this.balance += cents;
    } else if (operation === 'rollback') {
      this.balance += this.bets.get(request.betTxId as string) ?? 0;
      this.bets.delete(request.betTxId as string);
    }
    const result = answer(200, 'OK', this.balance, txId);
    this.answers.set(txId, result);
    return result;
  }

  count(operation: string) {
    return this.calls.filter((c) => c.path.endsWith(`/${operation}`)).length;
  }
}

function answer(status: number, code: string, balance?: number, txId?: string) {
  const value = balance === undefined ? undefined : { txId, balance: (balance / 100).toFixed(2), currency: 'BDT' };
  return { status, text: JSON.stringify({ success: status === 200, code, value }) };
}

const TF = { vendor: 'TF', token: 'token-0123456789abcdefghij', playerId: 'demo', currency: 'BDT' };
const SBO = { vendor: 'SBO', token: 'token-0123456789abcdefghij', playerId: 'demo', currency: 'BDT' };

let dir: string;
let portal: FakePortal;
let journal: Journal;
let wallet: TransferWallet;
let book: SportsBook;

function open() {
  journal = new Journal(path.join(dir, 'rounds.jsonl'));
  wallet = new TransferWallet(path.join(dir, 'wallets.jsonl'));
  const client = new VendorClient({ transport: portal, secretOf: () => SECRET, retryDelaysMs: [1] });
  book = new SportsBook({
    rounds: new RoundKeeper(client, journal),
    wallet,
    transferCodes: ['SBO', 'SABA'],
    secret: BOOK_SECRET,
    file: path.join(dir, 'bets.jsonl'),
    schedules: SCHEDULES,
  });
}

function close() {
  book.close();
  wallet.close();
  journal.close();
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-book-'));
  portal = new FakePortal();
  open();
});
afterEach(() => {
  close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const result = (fixtureId: string) => matchResult(BOOK_SECRET, book.fixture(fixtureId));
/** A winner leg that wins (or loses) on the fixture's drawn result. */
function winnerLeg(fixtureId: string, wins: boolean, oddsX100: number): BetLeg {
  const { winner } = result(fixtureId);
  const selection = wins ? winner : winner === 'home' ? 'away' : 'home';
  return { fixtureId, market: { type: 'winner' }, selection, oddsX100 };
}
/** A whole handicap line that lands exactly on the drawn margin: the leg is void. */
function voidLeg(fixtureId: string, oddsX100: number): BetLeg {
  const { home, away } = result(fixtureId);
  return { fixtureId, market: { type: 'handicap', line: away - home }, selection: 'home', oddsX100 };
}

/** Before fixture 1 kicks off; after fixture `n` has ended. */
const BEFORE = MINUTE / 2;
const after = (n: number) => (n + 1) * MINUTE + 1;

describe('the sports book’s settlement driver (seamless vendor)', () => {
  it('pays a winning single stake × odds, once however often it runs', async () => {
    const placed = await book.place(TF, 'TF-ESPORTS-0001', 10_00n, [winnerLeg('esports-1', true, 185)], BEFORE);
    expect(placed).toMatchObject({ outcome: 'taken', balance: '90.00' });
    expect(await book.settleDue(after(1) - 2)).toBe(0);
    expect(portal.count('win')).toBe(0);
    expect(await book.settleDue(after(1))).toBe(1);
    expect(await book.settleDue(after(1))).toBe(0);
    expect(await book.settleDue(after(5))).toBe(0);
    expect(portal.count('win')).toBe(1);
    expect(portal.balance).toBe(108_50);
    const [bet] = book.betsOf('TF', 'demo');
    expect(bet).toMatchObject({ status: 'won', payout: '18.50', legStatuses: ['win'] });
  });

  it('closes a losing single with a win of 0.00, and refunds a void one', async () => {
    await book.place(TF, 'TF-SPORTS-0001', 10_00n, [winnerLeg('cricket-1', false, 190)], BEFORE);
    await book.place(TF, 'TF-SPORTS-0001', 20_00n, [voidLeg('cricket-2', 200)], BEFORE);
    expect(portal.balance).toBe(70_00);
    expect(await book.settleDue(after(2))).toBe(2);
    expect(portal.calls.find((c) => c.path.endsWith('/win'))?.body.amount).toBe('0.00');
    expect(portal.count('rollback')).toBe(1);
    expect(portal.balance).toBe(90_00);
    expect(book.betsOf('TF', 'demo').map((b) => [b.stake, b.status, b.payout])).toEqual([
      ['10.00', 'lost', '0.00'],
      ['20.00', 'void', '20.00'],
    ]);
  });

  it('pays a cricket parlay with a void leg at the other legs’ odds', async () => {
    const legs = [winnerLeg('cricket-1', true, 190), voidLeg('cricket-2', 200), winnerLeg('cricket-3', true, 150)];
    await book.place(TF, 'TF-SPORTS-0001', 10_00n, legs, BEFORE);
    // Two legs over, one to play: the parlay waits.
    expect(await book.settleDue(after(2))).toBe(0);
    expect(await book.settleDue(after(3))).toBe(1);
    expect(portal.calls.find((c) => c.path.endsWith('/win'))?.body.amount).toBe('28.50');
    expect(portal.balance).toBe(118_50);
    expect(book.betsOf('TF', 'demo')[0]).toMatchObject({ status: 'won', legStatuses: ['win', 'void', 'win'] });
  });

  it('loses a parlay as soon as one leg loses, even with legs still to play', async () => {
    await book.place(
      TF,
      'TF-SPORTS-0001',
      10_00n,
      [winnerLeg('football-1', false, 250), winnerLeg('football-4', true, 150)],
      BEFORE,
    );
    expect(await book.settleDue(after(1))).toBe(1);
    expect(portal.balance).toBe(90_00);
    expect(book.betsOf('TF', 'demo')[0]).toMatchObject({ status: 'lost', legStatuses: ['lose', 'pending'] });
  });

  it('settles after a restart the bets its round journal holds open, even those the book never wrote', async () => {
    await book.place(TF, 'TF-ESPORTS-0001', 10_00n, [winnerLeg('esports-2', true, 200)], BEFORE);
    close();
    // The book's own list is lost (a stop before it was written): the round journal still has the bet.
    fs.rmSync(path.join(dir, 'bets.jsonl'));
    open();
    expect(book.betsOf('TF', 'demo')).toEqual([]);
    expect(await book.settleDue(after(2))).toBe(1);
    expect(portal.balance).toBe(110_00);
    expect(book.betsOf('TF', 'demo')[0]).toMatchObject({ status: 'won', payout: '20.00' });
    close();
    open();
    expect(await book.settleDue(after(9))).toBe(0);
    expect(portal.count('win')).toBe(1);
    expect(book.betsOf('TF', 'demo')[0]).toMatchObject({ status: 'won' });
  });
});

describe('the sports book at a transfer-mode vendor', () => {
  const deposit = (amount: string, txId: string) =>
    wallet.transfer('SBO', 'deposit', { txId, playerId: 'demo', amount });

  it('debits the studio’s wallet, refuses a stake above it, and credits the settlement once across restarts', async () => {
    expect(await book.place(SBO, 'SBO-SPORTS-0001', 10_00n, [winnerLeg('cricket-1', true, 190)], BEFORE)).toMatchObject(
      {
        outcome: 'refused',
        code: 'INSUFFICIENT_FUNDS',
        balance: '0.00',
      },
    );
    deposit('100.00', 'T1');
    const legs = [winnerLeg('cricket-1', true, 190), winnerLeg('football-1', true, 210)];
    expect(await book.place(SBO, 'SBO-SPORTS-0001', 10_00n, legs, BEFORE)).toMatchObject({
      outcome: 'taken',
      balance: '90.00',
    });
    expect(portal.calls).toEqual([]);
    expect(book.betsOf('SBO', 'demo')).toHaveLength(1);
    expect(await book.settleDue(after(1))).toBe(1);
    expect(wallet.balance('SBO', 'demo')).toBe('129.90');
    close();
    open();
    expect(await book.settleDue(after(9))).toBe(0);
    expect(wallet.balance('SBO', 'demo')).toBe('129.90');
    expect(book.betsOf('SBO', 'demo')[0]).toMatchObject({ status: 'won', payout: '39.90' });
  });

  it('credits a bet debited just before a stop, once, on restart', async () => {
    deposit('50.00', 'T2');
    await book.place(SBO, 'SBO-SPORTS-0001', 5_00n, [voidLeg('football-2', 300)], BEFORE);
    close();
    open();
    expect(wallet.balance('SBO', 'demo')).toBe('45.00');
    expect(await book.settleDue(after(2))).toBe(1);
    expect(wallet.balance('SBO', 'demo')).toBe('50.00');
    expect(await book.settleDue(after(2))).toBe(0);
    expect(wallet.balance('SBO', 'demo')).toBe('50.00');
  });
});

describe('the book’s lobby and slip', () => {
  it('lists fixtures with markets until kick-off, scores once played, and takes bets only before kick-off', () => {
    const now = 5 * MINUTE + 30_000;
    const lobby = book.lobby(['cricket'], now);
    const states = lobby.map((f) => f.state);
    expect(states).toContain('finished');
    expect(states).toContain('live');
    expect(states).toContain('upcoming');
    const finished = lobby.find((f) => f.state === 'finished');
    expect(finished?.score).toEqual(result(finished?.id as string));
    const upcoming = lobby.find((f) => f.state === 'upcoming');
    expect(upcoming?.markets.map((m) => m.market.type)).toEqual(
      expect.arrayContaining(['winner', 'handicap', 'total']),
    );
    const leg = { fixtureId: upcoming?.id as string, market: { type: 'winner' as const }, selection: 'home' as const };
    expect(book.priceLegs([leg], ['cricket'], now)[0]?.oddsX100).toBe(upcoming?.markets[0]?.selections[0]?.oddsX100);
    expect(() => book.priceLegs([leg], ['esports'], now)).toThrow(/not a fixture/);
    const live = lobby.find((f) => f.state === 'live');
    expect(() => book.priceLegs([{ ...leg, fixtureId: live?.id as string }], ['cricket'], now)).toThrow(/started/);
  });
});

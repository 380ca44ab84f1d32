import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verifySignature } from '@portal/shared/vendor-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal } from './journal.ts';
import { RoundKeeper, UNDECIDED_REFUND_MS } from './rounds.ts';
import { type PortalTransport, VendorClient } from './vendor-client.ts';

const SECRET = 'rounds-test-secret-0123456789abcdef0123';

/**
 * A portal's wallet as the protocol describes it, small: exactly once per txId (a retry gets the first answer), a
 * rollback remembered before its bet. `fault` decides per call whether it arrives and whether its answer comes back.
 */
class FakePortal implements PortalTransport {
  balance = 100_00;
  readonly calls: { path: string; body: string; signature: string }[] = [];
  private readonly answers = new Map<string, { status: number; text: string }>();
  private readonly bets = new Map<string, number>();
  private readonly rolledBack = new Set<string>();
  fault: (path: string, attempt: number) => 'ok' | 'lost-before' | 'lost-after' = () => 'ok';

  /** When set, a bet's answer waits for it (a slow portal). */
  betGate: Promise<void> | null = null;

  async post(pathName: string, body: string, headers: Record<string, string>) {
    if (pathName.endsWith('/bet') && this.betGate) await this.betGate;
    const signature = headers['x-vendor-signature'] ?? '';
    this.calls.push({ path: pathName, body, signature });
    const attempt = this.calls.filter((c) => c.path === pathName && c.body === body).length;
    const fault = this.fault(pathName, attempt);
    if (fault === 'lost-before') throw new Error('connection reset');
    if (verifySignature(SECRET, body, signature, this.clock()) !== null) return answer(401, 'VENDOR_SIGNATURE_INVALID');
    const request = JSON.parse(body) as Record<string, string>;
    const txId = request.txId as string;
    const result = this.answers.get(txId) ?? this.apply(pathName.split('/').pop() as string, request);
    if (result.status === 200) this.answers.set(txId, result);
    if (fault === 'lost-after') throw new Error('timeout');
    return result;
  }

  clock = () => Date.now();

  private apply(operation: string, request: Record<string, string>) {
    const cents = Math.round(Number(request.amount ?? 0) * 100);
    if (operation === 'bet') {
      if (this.rolledBack.has(request.txId as string)) return answer(409, 'BET_ROLLED_BACK');
      if (cents > this.balance) return answer(409, 'INSUFFICIENT_FUNDS', this.balance);
      this.balance -= cents;
      this.bets.set(request.txId as string, cents);
    } else if (operation === 'win') {
      if (!this.bets.has(request.betTxId as string)) return answer(404, 'BET_NOT_FOUND');
      this.balance += cents;
    } else if (operation === 'rollback') {
      this.balance += this.bets.get(request.betTxId as string) ?? 0;
      this.bets.delete(request.betTxId as string);
      this.rolledBack.add(request.betTxId as string);
    }
    return answer(200, 'OK', this.balance, request.txId);
  }
}

function answer(status: number, code: string, balance?: number, txId?: string) {
  const value = balance === undefined ? undefined : { txId, balance: (balance / 100).toFixed(2), currency: 'BDT' };
  return { status, text: JSON.stringify({ success: status === 200, code, value }) };
}

const PLAYER = { vendor: 'PG', token: 'token-0123456789abcdefghij', playerId: 'demo', currency: 'BDT' };

let dir: string;
let portal: FakePortal;
let clock: number;
let journal: Journal;

function keeper(retryDelaysMs = [10, 10, 10]) {
  const client = new VendorClient({
    transport: portal,
    secretOf: () => SECRET,
    now: () => clock,
    // Time passes only when the client waits: each retry is a minute later.
    sleep: async () => {
      clock += 60_000;
    },
    retryDelaysMs,
  });
  return new RoundKeeper(client, journal);
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-rounds-'));
  portal = new FakePortal();
  clock = 1_764_000_000_000;
  portal.clock = () => clock;
  journal = new Journal(path.join(dir, 'rounds.jsonl'));
});
afterEach(() => {
  journal.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a careful vendor', () => {
  it('plays a round: bet, then the win that closes it', async () => {
    const result = await keeper().play(PLAYER, 'PG-RNG-0001', '10.00', '25.00');
    expect(result).toEqual({ outcome: 'paid', balance: '115.00' });
    expect(portal.calls.map((c) => c.path)).toEqual(['/vendor/PG/bet', '/vendor/PG/win']);
    expect(journal.openRounds()).toEqual([]);
  });

  it('sends a win whose answer was lost again with the identical bytes, and the money moves once', async () => {
    portal.fault = (p, attempt) => (p.endsWith('/win') && attempt <= 2 ? 'lost-after' : 'ok');
    const result = await keeper().play(PLAYER, 'PG-RNG-0001', '10.00', '25.00');
    expect(result).toEqual({ outcome: 'paid', balance: '115.00' });
    const wins = portal.calls.filter((c) => c.path.endsWith('/win'));
    expect(wins).toHaveLength(3);
    expect(new Set(wins.map((w) => w.body)).size).toBe(1);
    // One minute apart: the first signature is still fresh, so it is sent again as it was.
    expect(new Set(wins.map((w) => w.signature)).size).toBe(1);
    expect(portal.balance).toBe(115_00);
  });

  it('signs the same bytes anew once the first signature is near the end of its five minutes', async () => {
    portal.fault = (p, attempt) => (p.endsWith('/win') && attempt <= 5 ? 'lost-before' : 'ok');
    const result = await keeper([1, 1, 1, 1, 1, 1]).play(PLAYER, 'PG-RNG-0001', '10.00', '0.00');
    expect(result.outcome).toBe('paid');
    const wins = portal.calls.filter((c) => c.path.endsWith('/win'));
    expect(new Set(wins.map((w) => w.body)).size).toBe(1);
    const stamps = wins.map((w) => Number(/^t=(\d+)/.exec(w.signature)?.[1]));
    expect(new Set(stamps).size).toBeGreaterThan(1);
    // Never older than the tolerance when sent.
    stamps.forEach((stamp, i) => {
      expect(stamp).toBeGreaterThan(1_764_000_000 + i * 60 - 300);
    });
    expect(portal.balance).toBe(90_00);
  });

  it('rolls back a bet whose answer timed out, retrying the rollback until answered; the win is never sent', async () => {
    portal.fault = (p, attempt) =>
      p.endsWith('/bet') ? 'lost-after' : p.endsWith('/rollback') && attempt === 1 ? 'lost-before' : 'ok';
    const result = await keeper().play(PLAYER, 'PG-RNG-0001', '10.00', '25.00');
    expect(result).toEqual({ outcome: 'rolled-back', balance: '100.00' });
    expect(portal.calls.map((c) => c.path)).toEqual(['/vendor/PG/bet', '/vendor/PG/rollback', '/vendor/PG/rollback']);
    expect(portal.balance).toBe(100_00);
    expect(journal.openRounds()).toEqual([]);
  });

  it('rolls back a bet that never arrived, and the portal then refuses it', async () => {
    portal.fault = (p) => (p.endsWith('/bet') ? 'lost-before' : 'ok');
    const result = await keeper().play(PLAYER, 'PG-RNG-0001', '10.00', '25.00');
    expect(result.outcome).toBe('rolled-back');
    expect(portal.balance).toBe(100_00);
  });

  it('passes the refusal of a bet on to the player and moves nothing', async () => {
    const result = await keeper().play(PLAYER, 'PG-RNG-0001', '500.00', '0.00');
    expect(result).toEqual({ outcome: 'refused', code: 'INSUFFICIENT_FUNDS', balance: '100.00' });
    expect(portal.calls.map((c) => c.path)).toEqual(['/vendor/PG/bet']);
    expect(journal.openRounds()).toEqual([]);
  });

  it('keeps an unanswered win in the journal and pays it later, once', async () => {
    portal.fault = (p) => (p.endsWith('/win') ? 'lost-before' : 'ok');
    expect(await keeper().play(PLAYER, 'PG-RNG-0001', '10.00', '25.00')).toEqual({ outcome: 'pending' });
    expect(journal.openRounds()).toHaveLength(1);
    portal.fault = () => 'ok';
    expect(await keeper().recover()).toEqual({ paid: 1, rolledBack: 0, pending: 0 });
    expect(portal.balance).toBe(115_00);
    expect(await keeper().recover()).toEqual({ paid: 0, rolledBack: 0, pending: 0 });
  });
});

describe('the background pass', () => {
  it('leaves a round whose bet is still out to its own call: never rolls it back under it', async () => {
    let answer = () => {};
    portal.betGate = new Promise((resolve) => {
      answer = resolve;
    });
    const rounds = keeper();
    const playing = rounds.play(PLAYER, 'PG-RNG-0001', '10.00', '25.00');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(journal.openRounds()).toHaveLength(1);
    expect(await rounds.recover()).toEqual({ paid: 0, rolledBack: 0, pending: 0 });
    answer();
    expect(await playing).toEqual({ outcome: 'paid', balance: '115.00' });
    expect(portal.calls.map((c) => c.path)).toEqual(['/vendor/PG/bet', '/vendor/PG/win']);
  });
});

describe('a studio stopped mid-round and started again', () => {
  it('rolls back a round whose bet was sent but not known to be taken', async () => {
    // The studio stops while the bet is out: the portal took it, the answer never reached the journal.
    portal.fault = (p) => (p.endsWith('/bet') ? 'lost-after' : 'lost-before');
    const stopped = keeper([]);
    expect((await stopped.play(PLAYER, 'PG-RNG-0001', '10.00', '25.00')).outcome).toBe('rolled-back');
    expect(portal.balance).toBe(90_00);
    journal.close();

    portal.fault = () => 'ok';
    journal = new Journal(path.join(dir, 'rounds.jsonl'));
    expect(journal.openRounds()).toHaveLength(1);
    expect(await keeper().recover()).toEqual({ paid: 0, rolledBack: 1, pending: 0 });
    expect(portal.balance).toBe(100_00);
    expect(portal.calls.some((c) => c.path.endsWith('/win'))).toBe(false);
  });

  it('completes a round whose bet was taken, from a journal with a torn last line', async () => {
    portal.fault = (p) => (p.endsWith('/win') ? 'lost-before' : 'ok');
    expect((await keeper([]).play(PLAYER, 'PG-RNG-0001', '10.00', '25.00')).outcome).toBe('pending');
    journal.close();
    fs.appendFileSync(path.join(dir, 'rounds.jsonl'), '{"kind":"closed","rou');

    portal.fault = () => 'ok';
    journal = new Journal(path.join(dir, 'rounds.jsonl'));
    expect(await keeper().recover()).toEqual({ paid: 1, rolledBack: 0, pending: 0 });
    expect(portal.balance).toBe(115_00);
    expect(portal.calls.some((c) => c.path.endsWith('/rollback'))).toBe(false);
  });
  it('sends the win again when the line closing a paid round never reached the disk, and the money moves once', async () => {
    // A round's last line is not waited for: a stop before it is on disk leaves the round open with its win.
    expect(await keeper().play(PLAYER, 'PG-RNG-0001', '10.00', '25.00')).toEqual({
      outcome: 'paid',
      balance: '115.00',
    });
    journal.close();
    const file = path.join(dir, 'rounds.jsonl');
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(JSON.parse(lines.at(-1) as string)).toMatchObject({ kind: 'closed', how: 'paid' });
    fs.writeFileSync(file, `${lines.slice(0, -1).join('\n')}\n`);

    journal = new Journal(file);
    expect(await keeper().recover()).toEqual({ paid: 1, rolledBack: 0, pending: 0 });
    const wins = portal.calls.filter((c) => c.path.endsWith('/win'));
    expect(wins).toHaveLength(2);
    expect(wins[1]?.body).toBe(wins[0]?.body);
    expect(portal.balance).toBe(115_00);
    expect(journal.openRounds()).toEqual([]);
  });
});

describe('bets decided later (live tables, fights, matches)', () => {
  it('takes a bet now and pays it when its round is decided, once', async () => {
    const rounds = keeper();
    const placed = await rounds.placeBet(PLAYER, 'EVO-LIVE-0001', '10.00', 'bac', { table: 't1', side: 'banker' });
    expect(placed).toMatchObject({ outcome: 'taken', balance: '90.00' });
    if (placed.outcome !== 'taken') return;
    expect(rounds.openBets()).toEqual([
      expect.objectContaining({ roundId: placed.roundId, amount: '10.00', detail: { table: 't1', side: 'banker' } }),
    ]);
    // Nothing to do for recovery while the round is not decided.
    expect(await rounds.recover(clock)).toEqual({ paid: 0, rolledBack: 0, pending: 0 });
    expect(await rounds.settleBet(placed.roundId, '19.50')).toEqual({ outcome: 'paid', balance: '109.50' });
    expect(rounds.openBets()).toEqual([]);
    expect(portal.calls.map((c) => c.path)).toEqual(['/vendor/PG/bet', '/vendor/PG/win']);
  });

  it('refunds a bet of a cancelled round by rolling it back', async () => {
    const rounds = keeper();
    const placed = await rounds.placeBet(PLAYER, 'SV388-COCKFIGHT-0001', '25.00', 'fight', { fight: 7 });
    if (placed.outcome !== 'taken') throw new Error('not taken');
    expect(await rounds.refundBet(placed.roundId)).toMatchObject({ outcome: 'rolled-back', balance: '100.00' });
    expect(portal.calls.map((c) => c.path)).toEqual(['/vendor/PG/bet', '/vendor/PG/rollback']);
  });

  it('pays the decided win after a restart, and refunds a bet its game never decided', async () => {
    const decided = await keeper([]).placeBet(PLAYER, 'EVO-LIVE-0001', '10.00', 'bac', { side: 'player' }, clock);
    const forgotten = await keeper([]).placeBet(PLAYER, 'EVO-LIVE-0001', '5.00', 'bac', { side: 'tie' }, clock);
    if (decided.outcome !== 'taken' || forgotten.outcome !== 'taken') throw new Error('not taken');
    portal.fault = (p) => (p.endsWith('/win') ? 'lost-before' : 'ok');
    expect(await keeper([]).settleBet(decided.roundId, '20.00')).toEqual({ outcome: 'pending' });
    journal.close();

    portal.fault = () => 'ok';
    journal = new Journal(path.join(dir, 'rounds.jsonl'));
    const restarted = keeper();
    // The decided one is paid; the other waits for its game, then is refunded once it waited too long.
    expect(await restarted.recover(clock)).toEqual({ paid: 1, rolledBack: 0, pending: 0 });
    expect(restarted.openBets().map((bet) => bet.roundId)).toEqual([forgotten.roundId]);
    expect(await restarted.recover(clock + UNDECIDED_REFUND_MS)).toEqual({ paid: 0, rolledBack: 1, pending: 0 });
    expect(portal.balance).toBe(110_00);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verifySignature } from '@portal/shared/vendor-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settleBaccaratBet } from '../engines/baccarat.ts';
import { liveRound } from '../engines/live-tables.ts';
import { Journal } from '../journal.ts';
import { RoundKeeper } from '../rounds.ts';
import { type PortalTransport, VendorClient } from '../vendor-client.ts';
import { settleTables, type TableBetDetail, TableClock } from './tables.ts';

const SECRET = 'tables-test-secret-0123456789abcdef01234';
const TABLE_SECRET = 'table-seeds-0123456789';

/** A portal's wallet for several players: exactly once per txId, a balance per player, every call recorded. */
class FakePortal implements PortalTransport {
  readonly balances = new Map<string, number>();
  readonly calls: { operation: string; request: Record<string, string> }[] = [];
  private readonly answers = new Map<string, { status: number; text: string }>();
  private readonly bets = new Map<string, { playerId: string; cents: number }>();

  async post(pathName: string, body: string, headers: Record<string, string>) {
    if (verifySignature(SECRET, body, headers['x-vendor-signature'] ?? '', Date.now()) !== null) {
      return answer(401, 'VENDOR_SIGNATURE_INVALID');
    }
    const operation = pathName.split('/').pop() as string;
    const request = JSON.parse(body) as Record<string, string>;
    this.calls.push({ operation, request });
    const txId = request.txId as string;
    const result = this.answers.get(txId) ?? this.apply(operation, request);
    if (result.status === 200) this.answers.set(txId, result);
    return result;
  }

  private apply(operation: string, request: Record<string, string>) {
    const playerId = request.playerId as string;
    const balance = this.balances.get(playerId) ?? 0;
    const cents = Math.round(Number(request.amount ?? 0) * 100);
    let next = balance;
    if (operation === 'bet') {
      if (cents > balance) return answer(409, 'INSUFFICIENT_FUNDS', balance);
      next = balance - cents;
      this.bets.set(request.txId as string, { playerId, cents });
    } else if (operation === 'win') {
      if (!this.bets.has(request.betTxId as string)) return answer(404, 'BET_NOT_FOUND');
      next = balance + cents;
    } else if (operation === 'rollback') {
      next = balance + (this.bets.get(request.betTxId as string)?.cents ?? 0);
      this.bets.delete(request.betTxId as string);
    }
    this.balances.set(playerId, next);
    return answer(200, 'OK', next, request.txId);
  }
}

function answer(status: number, code: string, balance?: number, txId?: string) {
  const value = balance === undefined ? undefined : { txId, balance: (balance / 100).toFixed(2), currency: 'BDT' };
  return { status, text: JSON.stringify({ success: status === 200, code, value }) };
}

const player = (playerId: string) => ({
  vendor: 'EVO',
  token: `token-${playerId}-0123456789abcdef`,
  playerId,
  currency: 'BDT',
});
const ALI = player('ali');
const BINA = player('bina');

let dir: string;
let portal: FakePortal;
let journal: Journal;

function keeper(j = journal) {
  return new RoundKeeper(new VendorClient({ transport: portal, secretOf: () => SECRET, retryDelaysMs: [1, 1] }), j);
}

const clock = new TableClock({ secret: TABLE_SECRET });
const cents = (id: string) => portal.balances.get(id);

/** The first round at `table` whose fight ends as asked. */
function fightEnding(table: string, result: 'meron' | 'wala' | 'draw'): number {
  for (let n = 0; n < 1_000; n++) {
    const outcome = liveRound(TABLE_SECRET, 'cockfight', table, n).outcome;
    if (outcome.game === 'cockfight' && outcome.result === result) return n;
  }
  throw new Error('no such fight');
}

const fight = (table: string, round: number, side: 'meron' | 'wala' | 'draw'): TableBetDetail => ({
  kind: 'cockfight',
  table,
  round,
  settlesAt: clock.settlesAt('cockfight', round),
  side,
});

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-tables-'));
  portal = new FakePortal();
  portal.balances.set('ali', 1_000_00);
  portal.balances.set('bina', 1_000_00);
  journal = new Journal(path.join(dir, 'rounds.jsonl'));
});
afterEach(() => {
  journal.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the tables’ settlement pass', () => {
  it('settles two players’ bets at one baccarat round once each, with the engine’s payouts', async () => {
    const rounds = keeper();
    const round = 40;
    const settlesAt = clock.settlesAt('baccarat', round);
    const detail = (spot: string): TableBetDetail => ({
      kind: 'live',
      game: 'baccarat',
      table: 'bac-t',
      round,
      settlesAt,
      spot,
    });
    const a = await rounds.placeBet(ALI, 'EVO-LIVE-1', '100.00', 'bac-t-40', detail('player'));
    const b = await rounds.placeBet(BINA, 'EVO-LIVE-1', '50.00', 'bac-t-40', detail('banker'));
    expect([a.outcome, b.outcome]).toEqual(['taken', 'taken']);
    // Not before the round's result time.
    expect(await settleTables(rounds, clock, 'live', settlesAt - 1)).toBe(0);
    expect(portal.calls.filter((c) => c.operation === 'win')).toHaveLength(0);

    const settled: string[] = [];
    expect(await settleTables(rounds, clock, 'live', settlesAt, (s) => settled.push(s.roundId))).toBe(2);
    expect(await settleTables(rounds, clock, 'live', settlesAt + 60_000)).toBe(0);

    const coup = clock.round('baccarat', 'bac-t', round).outcome;
    if (coup.game !== 'baccarat') throw new Error('not baccarat');
    const aliBack = settleBaccaratBet('player', 100_00n, coup.coup).payoutMinor;
    const binaBack = settleBaccaratBet('banker', 50_00n, coup.coup).payoutMinor;
    expect(cents('ali')).toBe(1_000_00 - 100_00 + Number(aliBack));
    expect(cents('bina')).toBe(1_000_00 - 50_00 + Number(binaBack));
    const wins = portal.calls.filter((c) => c.operation === 'win');
    expect(wins).toHaveLength(2);
    expect(new Set(wins.map((w) => w.request.roundId))).toEqual(new Set(settled));
    expect(rounds.openBets()).toEqual([]);
  });

  it('on a drawn fight refunds meron and wala and pays the draw 8:1', async () => {
    const rounds = keeper();
    const round = fightEnding('pit-t', 'draw');
    await rounds.placeBet(ALI, 'SV388-1', '100.00', 'pit-t', fight('pit-t', round, 'meron'));
    await rounds.placeBet(BINA, 'SV388-1', '50.00', 'pit-t', fight('pit-t', round, 'wala'));
    await rounds.placeBet(BINA, 'SV388-1', '10.00', 'pit-t', fight('pit-t', round, 'draw'));
    expect(await settleTables(rounds, clock, 'cockfight', clock.settlesAt('cockfight', round))).toBe(3);
    expect(cents('ali')).toBe(1_000_00);
    expect(cents('bina')).toBe(1_000_00 - 10_00 + 90_00);
    expect(portal.calls.filter((c) => c.operation === 'rollback')).toHaveLength(2);
    expect(portal.calls.filter((c) => c.operation === 'win').map((w) => w.request.amount)).toEqual(['90.00']);
  });

  it('shares a won fight’s pool after the 5 % plasada', async () => {
    const rounds = keeper();
    const round = fightEnding('pit-t', 'meron');
    await rounds.placeBet(ALI, 'SV388-1', '100.00', 'pit-t', fight('pit-t', round, 'meron'));
    await rounds.placeBet(BINA, 'SV388-1', '300.00', 'pit-t', fight('pit-t', round, 'wala'));
    await settleTables(rounds, clock, 'cockfight', clock.settlesAt('cockfight', round));
    // 400 × 0.95 = 380 to the only meron bet.
    expect(cents('ali')).toBe(1_000_00 - 100_00 + 380_00);
    expect(cents('bina')).toBe(1_000_00 - 300_00);
  });

  it('refunds everyone, draw bets too, at a fight with an empty side (no contest)', async () => {
    const rounds = keeper();
    const round = fightEnding('pit-t', 'meron');
    await rounds.placeBet(ALI, 'SV388-1', '100.00', 'pit-t', fight('pit-t', round, 'meron'));
    await rounds.placeBet(BINA, 'SV388-1', '50.00', 'pit-t', fight('pit-t', round, 'meron'));
    await rounds.placeBet(BINA, 'SV388-1', '10.00', 'pit-t', fight('pit-t', round, 'draw'));
    expect(await settleTables(rounds, clock, 'cockfight', clock.settlesAt('cockfight', round))).toBe(3);
    expect(cents('ali')).toBe(1_000_00);
    expect(cents('bina')).toBe(1_000_00);
    expect(portal.calls.filter((c) => c.operation === 'win')).toHaveLength(0);
    expect(portal.calls.filter((c) => c.operation === 'rollback')).toHaveLength(3);
  });

  it('after a restart settles the bets left open from the same deterministic result', async () => {
    const round = 41;
    const settlesAt = clock.settlesAt('baccarat', round);
    const detail: TableBetDetail = { kind: 'live', game: 'baccarat', table: 'bac-r', round, settlesAt, spot: 'banker' };
    await keeper().placeBet(ALI, 'EVO-LIVE-1', '20.00', 'bac-r-41', detail);
    journal.close();

    // A new process: a new journal read from the file, a new clock with the kept secret.
    journal = new Journal(path.join(dir, 'rounds.jsonl'));
    const restarted = keeper();
    expect(restarted.openBets().map((b) => b.detail)).toEqual([detail]);
    const freshClock = new TableClock({ secret: TABLE_SECRET });
    expect(await settleTables(restarted, freshClock, 'live', Date.now())).toBe(1);
    const outcome = liveRound(TABLE_SECRET, 'baccarat', 'bac-r', round).outcome;
    if (outcome.game !== 'baccarat') throw new Error('not baccarat');
    expect(cents('ali')).toBe(1_000_00 - 20_00 + Number(settleBaccaratBet('banker', 20_00n, outcome.coup).payoutMinor));
    expect(restarted.openBets()).toEqual([]);
    expect(await settleTables(restarted, freshClock, 'live', Date.now())).toBe(0);
  });

  it('leaves the other kind’s bets to their own driver', async () => {
    const rounds = keeper();
    const round = fightEnding('pit-t', 'wala');
    await rounds.placeBet(ALI, 'SV388-1', '100.00', 'pit-t', fight('pit-t', round, 'meron'));
    expect(await settleTables(rounds, clock, 'live', Date.now())).toBe(0);
    expect(rounds.openBets()).toHaveLength(1);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildStudio } from '../app.ts';
import { Catalogue } from '../catalogue.ts';
import { Journal } from '../journal.ts';
import { RoundKeeper } from '../rounds.ts';
import { SportsBook } from '../sports-book.ts';
import { TransferWallet } from '../transfer-wallet.ts';
import { type PortalTransport, VendorClient } from '../vendor-client.ts';

const SCHEDULE = { startMs: 0, intervalMs: 60_000, durationMs: 60_000 };

/** The portal as far as a launch needs it: authenticate answers the player; no bet call is expected for SBO. */
const portal: PortalTransport & { calls: string[] } = {
  calls: [],
  async post(pathName) {
    portal.calls.push(pathName);
    if (!pathName.endsWith('/authenticate')) return { status: 500, text: '{}' };
    return {
      status: 200,
      text: JSON.stringify({
        success: true,
        code: 'OK',
        value: { playerId: 'demo', currency: 'BDT', balance: '500.00' },
      }),
    };
  },
};

const gameList = (async () =>
  new Response(
    JSON.stringify({
      success: true,
      value: {
        games: [{ nodeId: 'SBO-SPORTS-0001', gameName: 'SBOBET', gameType: 'SPORTS', rtp: null }],
        totalPages: 1,
      },
    }),
  )) as unknown as typeof fetch;

let dir: string;
let journal: Journal;
let wallet: TransferWallet;
let book: SportsBook;
let app: FastifyInstance;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-sports-kind-'));
  journal = new Journal(path.join(dir, 'rounds.jsonl'));
  wallet = new TransferWallet(path.join(dir, 'wallets.jsonl'));
  const client = new VendorClient({ transport: portal, secretOf: () => 'secret' });
  const rounds = new RoundKeeper(client, journal);
  book = new SportsBook({
    rounds,
    wallet,
    transferCodes: ['SBO'],
    secret: 'kind-test',
    file: path.join(dir, 'bets.jsonl'),
    schedules: { cricket: SCHEDULE, football: SCHEDULE, esports: SCHEDULE },
  });
  app = buildStudio({ client, rounds, catalogue: new Catalogue('http://portal.invalid', gameList), sportsBook: book });
  portal.calls = [];
});
afterEach(async () => {
  await app.close();
  book.close();
  wallet.close();
  journal.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function launch(token = 'token-0123456789abcdefghij') {
  const page = await app.inject({
    method: 'GET',
    url: `/play?vendor=SBO&game=SBO-SPORTS-0001&token=${token}&lang=en&mode=real`,
  });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('/assets/sports.js');
  return /"session":"([^"]+)"/.exec(page.body)?.[1] ?? '';
}

const bet = (session: string, stake: unknown, legs: unknown) =>
  app.inject({ method: 'POST', url: '/api/sports/bet', payload: { session, stake, legs } });

async function openFixtures(session: string) {
  const lobby = await app.inject({ method: 'GET', url: `/api/sports/lobby?session=${session}` });
  const fixtures = lobby.json().fixtures as { id: string; state: string; kickoffMs: number }[];
  // Far enough from kick-off that the test cannot race it.
  return fixtures.filter((f) => f.state === 'upcoming' && f.kickoffMs > Date.now() + 5_000).map((f) => f.id);
}
const winner = (fixtureId: string) => ({ fixtureId, market: { type: 'winner' }, selection: 'home' });

describe('the sports page’s API', () => {
  it('shows the studio-held balance of a transfer-mode vendor and takes a parlay from it', async () => {
    const session = await launch();
    const lobby = (await app.inject({ method: 'GET', url: `/api/sports/lobby?session=${session}` })).json();
    expect(lobby).toMatchObject({ ok: true, transfer: true, balance: '0.00', bets: [] });
    expect(new Set(lobby.fixtures.map((f: { sport: string }) => f.sport))).toEqual(
      new Set(['cricket', 'football', 'esports']),
    );
    const [a, b] = await openFixtures(session);
    const empty = await bet(session, '10.00', [winner(a as string)]);
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: expect.stringMatching(/My wallet/) });

    wallet.transfer('SBO', 'deposit', { txId: 'T1', playerId: 'demo', amount: '100.00' });
    const placed = await bet(session, '25.00', [winner(a as string), winner(b as string)]);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ ok: true, balance: '75.00', bet: { stake: '25.00', status: 'pending' } });
    expect(wallet.balance('SBO', 'demo')).toBe('75.00');
    const after = (await app.inject({ method: 'GET', url: `/api/sports/lobby?session=${session}` })).json();
    expect(after.bets).toHaveLength(1);
    expect(portal.calls.every((call) => call.endsWith('/authenticate'))).toBe(true);
  });

  it('refuses bad slips with a 4xx and takes nothing', async () => {
    const session = await launch();
    wallet.transfer('SBO', 'deposit', { txId: 'T1', playerId: 'demo', amount: '100.00' });
    const [a] = await openFixtures(session);
    const started = book.lobby(['cricket']).find((f) => f.state !== 'upcoming')?.id as string;
    const cases: [unknown, unknown, number, string][] = [
      ['0.50', [winner(a as string)], 400, 'INVALID_STAKE'],
      ['abc', [winner(a as string)], 400, 'INVALID_STAKE'],
      ['50000.01', [winner(a as string)], 400, 'INVALID_STAKE'],
      ['10.00', [], 400, 'VALIDATION'],
      ['10.00', [winner(a as string), winner(a as string)], 400, 'SAME_FIXTURE'],
      ['10.00', [{ ...winner(a as string), selection: 'over' }], 400, 'INVALID_SELECTION'],
      ['10.00', [{ ...winner(a as string), market: { type: 'total', line: 0.25 } }], 400, 'INVALID_LINE'],
      ['10.00', [winner('golf-1')], 400, 'UNKNOWN_FIXTURE'],
      ['10.00', [winner(started)], 409, 'BETS_CLOSED'],
      ['10.00', Array.from({ length: 11 }, (_, i) => winner(`cricket-${i}`)), 400, 'VALIDATION'],
    ];
    for (const [stake, legs, status, code] of cases) {
      const answer = await bet(session, stake, legs);
      expect([answer.statusCode, answer.json().code], JSON.stringify(legs)).toEqual([status, code]);
    }
    expect(wallet.balance('SBO', 'demo')).toBe('100.00');
    expect(book.betsOf('SBO', 'demo')).toEqual([]);
  });

  it('shows the book in free play but takes no bets there', async () => {
    const session = await launch('');
    const [a] = await openFixtures(session);
    const answer = await bet(session, '10.00', [winner(a as string)]);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'FUN_MODE' });
  });
});

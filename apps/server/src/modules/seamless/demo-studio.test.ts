// The demo studio against the real portal, both listening on ephemeral ports and talking HTTP only, as a vendor and
// a portal do: connected through the operator API, launched by a member, spins paid through the seamless API.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildStudio } from '@portal/demo-studio/app';
import { Catalogue } from '@portal/demo-studio/catalogue';
import { connectVendors } from '@portal/demo-studio/connect';
import { settleBaccaratBet } from '@portal/demo-studio/engines/baccarat';
import { liveRound } from '@portal/demo-studio/engines/live-tables';
import { Journal } from '@portal/demo-studio/journal';
import { RoundKeeper } from '@portal/demo-studio/rounds';
import { SportsBook } from '@portal/demo-studio/sports-book';
import { TransferWallet } from '@portal/demo-studio/transfer-wallet';
import { httpTransport, type PortalTransport, VendorClient } from '@portal/demo-studio/vendor-client';
import { launchUrlOf, loadSecrets, transferUrlOf } from '@portal/demo-studio/vendors';
import { fromMinor } from '@portal/shared/money';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, TEST_ADMIN, useTestPortal } from '../../test/harness.ts';
import { bearer, registered } from '../../test/members.ts';
import { adjust, balanceOf, reconcile } from '../../test/wallet.ts';

const test = useTestPortal();
const GAME = 'PG-studio-0001';
const FISH_GAME = 'JILI-studio-fish-01';
const TEEN_PATTI = 'KM-studio-cards-01';
const ANDAR_BAHAR = 'KM-studio-cards-02';
const SPORTS_GAME = 'SBO-studio-sports';
const ESPORTS_GAME = 'TF-studio-esports';
/** Short matches, so that a bet settles within seconds: a fixture of each sport every 1.5 s, each played in 1 s. */
const SCHEDULE = { startMs: 0, intervalMs: 1_500, durationMs: 1_000 };
const LIVE_GAME = 'EVO-studio-live-1';
const TABLE_SECRET = 'demo-studio-test-table-secret';

type Fault = 'ok' | 'lost-before' | 'lost-after';
/** HTTP to the portal, with faults on chosen calls: the call never arrives, or arrives and its answer is lost. */
let fault: (operation: string, attempt: number) => Fault = () => 'ok';
const attempts = new Map<string, number>();

let dir: string;
let studio: FastifyInstance;
let studioUrl: string;
let journal: Journal;
let client: VendorClient;
let wallet: TransferWallet;
let book: SportsBook;

beforeAll(async () => {
  await test.portal.app.listen({ port: 0, host: '127.0.0.1' });
  const portalUrl = `http://127.0.0.1:${(test.portal.app.server.address() as AddressInfo).port}`;
  const imported = await call(test.portal.app, {
    method: 'POST',
    url: '/admin/api/vendors/PG/RNG/games/import',
    headers: test.admin,
    payload: [{ nodeId: GAME, nameEn: 'Studio Tiger', nameBn: 'স্টুডিও বাঘ', minBet: '1.00', trial: true }],
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  for (const [vendor, type, games] of [
    ['JILI', 'FISH', [{ nodeId: FISH_GAME, nameEn: 'Studio Reef', nameBn: 'স্টুডিও প্রবাল', minBet: '0.10' }]],
    [
      'KM',
      'PVP',
      [
        { nodeId: TEEN_PATTI, nameEn: 'Studio Teen Patti', nameBn: 'স্টুডিও তিন পাত্তি', minBet: '1.00' },
        { nodeId: ANDAR_BAHAR, nameEn: 'Studio Andar Bahar', nameBn: 'স্টুডিও আন্দার বাহার', minBet: '1.00' },
      ],
    ],
    [
      'SBO',
      'SPORTS',
      [{ nodeId: SPORTS_GAME, nameEn: 'Studio SPORTS', nameBn: 'স্টুডিও SPORTS', minBet: '1.00', trial: true }],
    ],
    [
      'TF',
      'ESPORTS',
      [{ nodeId: ESPORTS_GAME, nameEn: 'Studio ESPORTS', nameBn: 'স্টুডিও ESPORTS', minBet: '1.00', trial: true }],
    ],
    [
      'EVO',
      'LIVE',
      [{ nodeId: LIVE_GAME, nameEn: 'Studio Baccarat', nameBn: 'স্টুডিও ব্যাকারেট', minBet: '10.00', trial: true }],
    ],
  ] as const) {
    const more = await call(test.portal.app, {
      method: 'POST',
      url: `/admin/api/vendors/${vendor}/${type}/games/import`,
      headers: test.admin,
      payload: games,
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
  }

  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-portal-'));
  const secrets = loadSecrets(path.join(dir, 'secrets.json'), ['PG', 'JILI', 'KM', 'TF', 'SBO', 'EVO']);
  const http = httpTransport(portalUrl, 3_000);
  const faulty: PortalTransport = {
    async post(pathName, body, headers) {
      const operation = pathName.split('/').pop() as string;
      const key = `${operation}:${body}`;
      attempts.set(key, (attempts.get(key) ?? 0) + 1);
      const now = fault(operation, attempts.get(key) as number);
      if (now === 'lost-before') throw new Error('connection refused');
      const answer = await http.post(pathName, body, headers);
      if (now === 'lost-after') throw new Error('timed out');
      return answer;
    },
  };
  journal = new Journal(path.join(dir, 'rounds.jsonl'));
  client = new VendorClient({ transport: faulty, secretOf: (code) => secrets[code] ?? '', retryDelaysMs: [5, 5, 5] });
  const rounds = new RoundKeeper(client, journal);
  wallet = new TransferWallet(path.join(dir, 'wallets.jsonl'));
  book = new SportsBook({
    rounds,
    wallet,
    transferCodes: ['SBO'],
    secret: 'demo-studio-test-book',
    file: path.join(dir, 'bets.jsonl'),
    schedules: { cricket: SCHEDULE, football: SCHEDULE, esports: SCHEDULE },
  });
  studio = buildStudio({
    client,
    rounds,
    catalogue: new Catalogue(portalUrl),
    sportsBook: book,
    transfer: { wallet, codes: ['SBO'], secretOf: (code) => secrets[code] ?? '', currency: 'BDT' },
    // Baccarat rounds of under three seconds, so a test sees one close and settle.
    tables: {
      secret: TABLE_SECRET,
      schedules: {
        baccarat: { startMs: Date.now(), bettingMs: 1_500, closedMs: 200, resultMs: 200, settledMs: 500 },
      },
      tickMs: 100,
    },
  });
  await studio.listen({ port: 0, host: '127.0.0.1' });
  studioUrl = `http://127.0.0.1:${(studio.server.address() as AddressInfo).port}`;

  const connected = await connectVendors({
    portalUrl,
    adminUser: TEST_ADMIN.username,
    adminPassword: TEST_ADMIN.password,
    codes: ['PG', 'JILI', 'KM', 'TF', 'SBO', 'EVO'],
    secrets,
    currency: 'BDT',
    launchUrlOf: (code) => launchUrlOf(studioUrl, code),
    transferUrlOf: (code) => (code === 'SBO' ? transferUrlOf(studioUrl, code) : null),
    stateFile: path.join(dir, 'connected.json'),
    log: () => {},
  });
  expect(connected).toEqual(['PG', 'JILI', 'KM', 'TF', 'SBO', 'EVO']);
});

afterAll(async () => {
  await studio?.close();
  book?.close();
  wallet?.close();
  journal?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function member(funds = '100.00') {
  const m = await registered(test.portal.app);
  await adjust(test, m.username, funds);
  return { ...m, headers: bearer(m.token) };
}

/** Launches the game as the member, as the portal's /game page would, and opens the studio page it points to. */
async function open(m: { headers: Record<string, string> }, language = 'en', game = GAME) {
  const launched = await call(test.portal.app, {
    method: 'GET',
    url: `/wps/game/launchGame?nodeId=${game}&language=${language}`,
    headers: m.headers,
  });
  expect(launched.status, JSON.stringify(launched.body)).toBe(200);
  const url = new URL(launched.body.value.url);
  expect(url.origin).toBe(studioUrl);
  const page = await fetch(url);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const session = /"session":"([^"]+)"/.exec(html)?.[1] ?? '';
  return { html, session, token: url.searchParams.get('token') ?? '' };
}

async function spin(session: string, bet: string, api = '/api/spin', more: Record<string, string> = {}) {
  const response = await fetch(`${studioUrl}${api}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session, bet, ...more }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { win?: string } };
}

async function betRecords(m: { headers: Record<string, string> }) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const answer = await call(test.portal.app, {
    method: 'GET',
    url: `/wps/wallet/records/bets?from=${day(-1)}&to=${day(1)}`,
    headers: m.headers,
  });
  return answer.body.value.list as { stake: string; payout: string; status: string }[];
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe('the demo studio as the portal’s vendor', () => {
  it('is connected through the operator API with a loopback launch address', async () => {
    const listed = await call(test.portal.app, {
      method: 'GET',
      url: '/admin/api/vendor-integrations',
      headers: test.admin,
    });
    expect(listed.body.value).toContainEqual(
      expect.objectContaining({ code: 'PG', enabled: true, launchUrl: launchUrlOf(studioUrl, 'PG') }),
    );
  });

  it('shows the catalogue game by name in the player’s language with the demo mark, and its balance', async () => {
    const m = await member('100.00');
    const en = await open(m, 'en');
    expect(en.html).toContain('Studio Tiger');
    expect(en.html).toContain('Demo studio');
    expect(en.html).toContain('"balance":"100.00"');
    const bn = await open(m, 'bn');
    expect(bn.html).toContain('স্টুডিও বাঘ');
    expect(bn.html).toContain('ডেমো স্টুডিও');
  });

  it('moves the member’s balance by exactly bet − win per spin, one settled bet record each', async () => {
    fault = () => 'ok';
    const m = await member('100.00');
    const { session } = await open(m);
    let expected = cents('100.00');
    for (let i = 0; i < 5; i++) {
      const { status, body } = await spin(session, '4.00');
      expect(status, JSON.stringify(body)).toBe(200);
      expected += cents(body.win as string) - cents('4.00');
      expect(body.balance).toBe((expected / 100).toFixed(2));
    }
    expect(cents((await balanceOf(test, m)).cash)).toBe(expected);
    const records = await betRecords(m);
    expect(records).toHaveLength(5);
    for (const record of records) expect(record).toMatchObject({ stake: '4.00', status: 'settled' });
    const paid = records.reduce((sum, r) => sum + cents(r.payout), 0);
    expect(cents('100.00') - 5 * cents('4.00') + paid).toBe(expected);
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('moves the balance by exactly bet − win for fish shots and card hands, one settled bet record each', async () => {
    fault = () => 'ok';
    const m = await member('100.00');
    const fish = await open(m, 'en', FISH_GAME);
    expect(fish.html).toContain('Studio Reef');
    expect(fish.html).toContain('/assets/fish.js');
    let expected = cents('100.00');
    const plays: [string, string, string, Record<string, string>][] = [];
    for (const target of ['clownfish', 'shark', 'golden-dragon'])
      plays.push([fish.session, '/api/fish/shoot', '1.00', { target }]);
    const teenPatti = await open(m, 'en', TEEN_PATTI);
    expect(teenPatti.html).toContain('"game":"teen-patti"');
    const andarBahar = await open(m, 'bn', ANDAR_BAHAR);
    expect(andarBahar.html).toContain('"game":"andar-bahar"');
    expect(andarBahar.html).toContain('স্টুডিও আন্দার বাহার');
    plays.push(
      [teenPatti.session, '/api/cards/deal', '5.00', {}],
      [andarBahar.session, '/api/cards/deal', '2.00', { side: 'bahar' }],
    );
    for (const [session, api, bet, more] of plays) {
      const { status, body } = await spin(session, bet, api, more);
      expect(status, JSON.stringify(body)).toBe(200);
      expected += cents(body.win as string) - cents(bet);
      expect(body.balance).toBe((expected / 100).toFixed(2));
    }
    expect(cents((await balanceOf(test, m)).cash)).toBe(expected);
    const records = await betRecords(m);
    expect(records.map((r) => r.stake).sort()).toEqual(['1.00', '1.00', '1.00', '2.00', '5.00']);
    for (const record of records) expect(record.status).toBe('settled');
    const staked = plays.reduce((sum, [, , bet]) => sum + cents(bet), 0);
    expect(cents('100.00') - staked + records.reduce((sum, r) => sum + cents(r.payout), 0)).toBe(expected);
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('shows the portal’s refusal of a bet above the balance, and nothing moves', async () => {
    fault = () => 'ok';
    const m = await member('3.00');
    const { session } = await open(m);
    const { status, body } = await spin(session, '4.00');
    expect(status).toBe(409);
    expect(body).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS', balance: '3.00' });
    expect(body.message).toMatch(/Not enough balance/);
    expect((await balanceOf(test, m)).cash).toBe('3.00');
    expect(await betRecords(m)).toEqual([]);
  });

  it('tells the player in the studio’s screen when the launch session has ended', async () => {
    fault = () => 'ok';
    const m = await member('100.00');
    const { token } = await open(m, 'en');
    // A token the portal no longer knows (ended, or never issued) is SESSION_EXPIRED to authenticate.
    const expired = await fetch(`${studioUrl}/play?game=${GAME}&token=${token}x&lang=en&mode=real&vendor=PG`);
    expect(expired.status).toBe(401);
    expect(await expired.text()).toContain('Your session has ended: close the game and open it again');
    const bengali = await fetch(`${studioUrl}/play?game=${GAME}&token=${token}x&lang=bn&mode=real&vendor=PG`);
    expect(await bengali.text()).toContain('সেশন শেষ হয়েছে');
  });

  it('settles two members’ bets on one live baccarat round once each, by the engine’s payouts', async () => {
    fault = () => 'ok';
    const players = await Promise.all([member('500.00'), member('500.00')]);
    const sessions: string[] = [];
    for (const m of players) {
      const launched = await call(test.portal.app, {
        method: 'GET',
        url: `/wps/game/launchGame?nodeId=${LIVE_GAME}&language=en`,
        headers: m.headers,
      });
      expect(launched.status, JSON.stringify(launched.body)).toBe(200);
      const html = await (await fetch(launched.body.value.url)).text();
      expect(html).toContain('Studio Baccarat');
      expect(html).toContain('The dealer is software');
      sessions.push(/"session":"([^"]+)"/.exec(html)?.[1] ?? '');
    }
    type TableState = {
      table: string;
      round: number;
      phase: string;
      msLeft: number;
      myBets: { payout: string | null }[];
      balance: string | null;
    };
    const state = async (session: string) =>
      (await (await fetch(`${studioUrl}/api/live/state?session=${session}`)).json()) as TableState;
    const bet = async (session: string, round: number, spot: string, amount: string) => {
      const response = await fetch(`${studioUrl}/api/live/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session, round, spot, amount }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    // Wait for a round with time to bet in.
    let now = await state(sessions[0] as string);
    while (now.phase !== 'betting' || now.msLeft < 900) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      now = await state(sessions[0] as string);
    }
    const other = await state(sessions[1] as string);
    expect([other.table, other.round]).toEqual([now.table, now.round]);
    const [a, b] = await Promise.all([
      bet(sessions[0] as string, now.round, 'player', '100.00'),
      bet(sessions[1] as string, now.round, 'banker', '50.00'),
    ]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    expect([a.body.balance, b.body.balance]).toEqual(['400.00', '450.00']);
    // A bet for a round whose betting has closed is the studio's refusal; nothing reaches the wallet.
    const late = await bet(sessions[0] as string, now.round - 1, 'player', '10.00');
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'BETS_CLOSED' });

    const settled = async () =>
      (await Promise.all(sessions.map((s) => state(s)))).every((s) => s.myBets[0]?.payout !== null);
    const deadline = Date.now() + 15_000;
    while (!(await settled()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await settled()).toBe(true);

    const outcome = liveRound(TABLE_SECRET, 'baccarat', now.table, now.round).outcome;
    if (outcome.game !== 'baccarat') throw new Error('not a baccarat round');
    const back = [
      settleBaccaratBet('player', 100_00n, outcome.coup).payoutMinor,
      settleBaccaratBet('banker', 50_00n, outcome.coup).payoutMinor,
    ];
    expect(cents((await balanceOf(test, players[0] as { headers: Record<string, string> })).cash)).toBe(
      cents('400.00') + Number(back[0]),
    );
    expect(cents((await balanceOf(test, players[1] as { headers: Record<string, string> })).cash)).toBe(
      cents('450.00') + Number(back[1]),
    );
    for (const [i, m] of players.entries()) {
      const records = await betRecords(m);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ stake: i === 0 ? '100.00' : '50.00', status: 'settled' });
      expect(cents(records[0]?.payout ?? '')).toBe(Number(back[i]));
    }
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('shows the portal’s refusal of a live bet above the balance, and refuses a spot not on the table', async () => {
    fault = () => 'ok';
    const m = await member('5.00');
    const launched = await call(test.portal.app, {
      method: 'GET',
      url: `/wps/game/launchGame?nodeId=${LIVE_GAME}&language=en`,
      headers: m.headers,
    });
    const html = await (await fetch(launched.body.value.url)).text();
    const session = /"session":"([^"]+)"/.exec(html)?.[1] ?? '';
    const bet = async (spot: string) => {
      let now = (await (await fetch(`${studioUrl}/api/live/state?session=${session}`)).json()) as {
        round: number;
        phase: string;
        msLeft: number;
      };
      while (now.phase !== 'betting' || now.msLeft < 500) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        now = (await (await fetch(`${studioUrl}/api/live/state?session=${session}`)).json()) as typeof now;
      }
      const response = await fetch(`${studioUrl}/api/live/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session, round: now.round, spot, amount: '10.00' }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const refused = await bet('player');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', balance: '5.00' });
    expect(refused.body.message).toMatch(/Not enough balance/);
    expect((await bet('straight:7')).status).toBe(400);
    expect((await balanceOf(test, m)).cash).toBe('5.00');
    expect(await betRecords(m)).toEqual([]);
  });

  it('sends a win whose answer was lost again, identically, and the money moves once', async () => {
    const m = await member('100.00');
    const { session } = await open(m);
    attempts.clear();
    fault = (operation, attempt) => (operation === 'win' && attempt <= 2 ? 'lost-after' : 'ok');
    const { status, body } = await spin(session, '10.00');
    expect(status, JSON.stringify(body)).toBe(200);
    const winCalls = [...attempts].filter(([key]) => key.startsWith('win:'));
    expect(winCalls).toHaveLength(1);
    expect(winCalls[0]?.[1]).toBe(3);
    const expected = cents('100.00') - cents('10.00') + cents(body.win as string);
    expect(cents((await balanceOf(test, m)).cash)).toBe(expected);
    expect(body.balance).toBe((expected / 100).toFixed(2));
    expect(await betRecords(m)).toEqual([expect.objectContaining({ stake: '10.00', payout: body.win })]);
  });

  it('rolls back a bet whose answer timed out: the stake comes back and no win is sent', async () => {
    const m = await member('100.00');
    const { session } = await open(m);
    attempts.clear();
    fault = (operation, attempt) =>
      operation === 'bet' ? 'lost-after' : operation === 'rollback' && attempt === 1 ? 'lost-before' : 'ok';
    const { status, body } = await spin(session, '20.00');
    expect(status).toBe(503);
    expect(body).toMatchObject({ ok: false, code: 'ROLLED_BACK', balance: '100.00' });
    expect([...attempts.keys()].map((key) => key.split(':')[0])).toEqual(['bet', 'rollback']);
    expect((await balanceOf(test, m)).cash).toBe('100.00');
    fault = () => 'ok';
    // The next spin plays normally.
    expect((await spin(session, '2.00')).status).toBe(200);
  });

  it('rolls back a bet that never arrived; the portal refuses that bet if it comes late', async () => {
    const m = await member('100.00');
    const { session, token } = await open(m);
    attempts.clear();
    fault = (operation) => (operation === 'bet' ? 'lost-before' : 'ok');
    expect((await spin(session, '20.00')).body).toMatchObject({ code: 'ROLLED_BACK', balance: '100.00' });
    fault = () => 'ok';
    const [lateKey] = [...attempts.keys()].filter((key) => key.startsWith('bet:'));
    const late = JSON.parse((lateKey as string).slice('bet:'.length));
    expect(late.token).toBe(token);
    const answer = await client.bet('PG', late);
    expect(answer.envelope.code).toBe('BET_ROLLED_BACK');
    expect((await balanceOf(test, m)).cash).toBe('100.00');
  });

  it('finishes a round left open by a stopped studio on its next start: rolled back, never paid too', async () => {
    const m = await member('100.00');
    const { session } = await open(m);
    // Bet taken, answer lost, and the rollback cannot get through either: the round stays in the journal.
    fault = (operation) => (operation === 'bet' ? 'lost-after' : 'lost-before');
    await spin(session, '10.00');
    expect((await balanceOf(test, m)).cash).toBe('90.00');
    expect(journal.openRounds()).toHaveLength(1);
    journal.close();

    fault = () => 'ok';
    journal = new Journal(path.join(dir, 'rounds.jsonl'));
    const restarted = new RoundKeeper(client, journal);
    expect(await restarted.recover()).toEqual({ paid: 0, rolledBack: 1, pending: 0 });
    expect((await balanceOf(test, m)).cash).toBe('100.00');
    expect(await restarted.recover()).toEqual({ paid: 0, rolledBack: 0, pending: 0 });
  });

  it('plays free play with fun money and never calls the wallet', async () => {
    const launched = await call(test.portal.app, {
      method: 'GET',
      url: `/wps/relay/GCS_gameLaunchFB?nodeId=${GAME}&language=en`,
    });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const url = new URL(launched.body.value.url);
    expect(url.searchParams.get('token')).toBe('');
    const html = await (await fetch(url)).text();
    expect(html).toContain('"fun":true');
    attempts.clear();
    const { body } = await spin(/"session":"([^"]+)"/.exec(html)?.[1] ?? '', '10.00');
    expect(body.ok).toBe(true);
    expect(cents(body.balance as string)).toBe(cents('2000.00') - cents('10.00') + cents(body.win as string));
    expect(attempts.size).toBe(0);
  });
});

interface LobbyFixture {
  id: string;
  sport: string;
  state: string;
  kickoffMs: number;
  markets: { market: { type: string }; selections: { selection: string; oddsX100: number }[] }[];
}

async function lobby(session: string) {
  const response = await fetch(`${studioUrl}/api/sports/lobby?session=${encodeURIComponent(session)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    balance: string | null;
    transfer: boolean;
    fixtures: LobbyFixture[];
    bets: { betId: string; status: string; payout: string | null }[];
  };
}

async function placeSportsBet(session: string, stake: string, legs: unknown[]) {
  const response = await fetch(`${studioUrl}/api/sports/bet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session, stake, legs }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Winner legs on the next `count` fixtures still open for long enough to place the bet. */
function nextWinnerLegs(fixtures: LobbyFixture[], count: number) {
  return fixtures
    .filter((f) => f.state === 'upcoming' && f.kickoffMs > Date.now() + 600)
    .slice(0, count)
    .map((f) => ({ fixtureId: f.id, market: { type: 'winner' }, selection: 'home' }));
}

/** Waits until every leg's match is over. */
async function overAt(legs: { fixtureId: string }[]) {
  const ends = Math.max(...legs.map((leg) => book.fixture(leg.fixtureId).endsMs));
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, ends - Date.now() + 50)));
}

async function moveMoney(m: { headers: Record<string, string> }, from: string, to: string, amount: string) {
  return call(test.portal.app, {
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    headers: { ...m.headers, 'idempotency-key': randomUUID() },
    payload: { from, to, amount },
  });
}

describe('the demo studio’s sports book', () => {
  it('holds an SBO wallet the member moves money into and out of through the portal', async () => {
    const m = await member('150.00');
    const { session, html } = await open(m, 'en', SPORTS_GAME);
    expect(html).toContain('/assets/sports.js');
    expect((await lobby(session)).balance).toBe('0.00');
    // With nothing moved in, the studio refuses the bet and says where the money comes from.
    const [leg] = nextWinnerLegs((await lobby(session)).fixtures, 1);
    const empty = await placeSportsBet(session, '10.00', [leg]);
    expect(empty.status).toBe(409);
    expect(empty.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: expect.stringMatching(/game wallets/) });

    const moved = await moveMoney(m, 'MAIN', 'SBO', '100.00');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.value).toMatchObject({ status: 'done', main: '50.00', vendor: '100.00' });
    expect((await lobby(session)).balance).toBe('100.00');
    expect(wallet.balance('SBO', m.username)).toBe('100.00');

    const back = await moveMoney(m, 'SBO', 'MAIN', '40.00');
    expect(back.body.value).toMatchObject({ status: 'done', main: '90.00', vendor: '60.00' });
    expect((await lobby(session)).balance).toBe('60.00');
    // More than the studio holds cannot come out.
    const tooMuch = await moveMoney(m, 'SBO', 'MAIN', '60.01');
    expect(tooMuch.body.code).toBe('INSUFFICIENT_FUNDS');
    expect((await balanceOf(test, m)).cash).toBe('90.00');

    // A cricket parlay on the studio's wallet: the portal's cash does not move, the studio's does.
    const cricket = (await lobby(session)).fixtures.filter((f) => f.sport === 'cricket');
    const legs = nextWinnerLegs(cricket, 2);
    const placed = await placeSportsBet(session, '10.00', legs);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.balance).toBe('50.00');
    const betId = (placed.body.bet as { betId: string }).betId;
    await overAt(legs);
    await book.settleDue();
    const settled = (await lobby(session)).bets.find((b) => b.betId === betId);
    expect(settled?.status).not.toBe('pending');
    expect(wallet.balance('SBO', m.username)).toBe((Number('50.00') + Number(settled?.payout ?? 'NaN')).toFixed(2));
    expect((await balanceOf(test, m)).cash).toBe('90.00');
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('settles a TF esports parlay through the seamless calls, moving the member’s balance exactly', async () => {
    const m = await member('100.00');
    const { session } = await open(m, 'en', ESPORTS_GAME);
    const { fixtures, transfer } = await lobby(session);
    expect(transfer).toBe(false);
    expect(new Set(fixtures.map((f) => f.sport))).toEqual(new Set(['esports']));
    const legs = nextWinnerLegs(fixtures, 2);
    const placed = await placeSportsBet(session, '20.00', legs);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.balance).toBe('80.00');
    expect((await balanceOf(test, m)).cash).toBe('80.00');
    const betId = (placed.body.bet as { betId: string }).betId;
    // Not over yet: nothing moves.
    await book.settleDue();
    expect((await balanceOf(test, m)).cash).toBe('80.00');
    await overAt(legs);
    await book.settleDue();
    await book.settleDue();
    const bet = book.bet(betId);
    expect(bet?.status).toMatch(/^(won|lost|void)$/);
    const payout = bet?.payout ?? 'NaN';
    expect(payout).toBe(fromMinor(book.judge('20.00', bet?.legs ?? []).payoutMinor));
    expect(cents((await balanceOf(test, m)).cash)).toBe(cents('80.00') + cents(payout));
    const records = (await betRecords(m)).filter((r) => r.stake === '20.00');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 'settled', payout });
    expect((await reconcile(test)).ok).toBe(true);
  });
});

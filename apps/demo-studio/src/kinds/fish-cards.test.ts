// The fish and card kinds' pages and APIs against a fake portal wallet spoken to through the real VendorClient and
// RoundKeeper: each shot or hand is one paid round that moves the balance by exactly bet − win.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildStudio } from '../app.ts';
import { Catalogue } from '../catalogue.ts';
import { parseCard } from '../engines/cards.ts';
import { seededRng } from '../engines/rng.ts';
import { Journal } from '../journal.ts';
import { RoundKeeper } from '../rounds.ts';
import { type PortalTransport, VendorClient } from '../vendor-client.ts';
import { CARD_BETS, cardGameOf } from './cards.ts';
import { FISH_BETS } from './fish.ts';

/** A portal's wallet, small: one player, bets and wins by txId, a refusal on demand, a bet answer held on demand. */
class FakeWallet implements PortalTransport {
  balance = 100_00;
  readonly calls: string[] = [];
  refuse: string | null = null;
  hold: Promise<void> | null = null;

  async post(pathName: string, body: string) {
    const operation = pathName.split('/').pop() as string;
    this.calls.push(operation);
    const request = JSON.parse(body) as Record<string, string>;
    const answer = (code: string, value?: Record<string, unknown>) => ({
      status: code === 'OK' ? 200 : 409,
      text: JSON.stringify({ success: code === 'OK', code, value }),
    });
    const money = () => (this.balance / 100).toFixed(2);
    if (operation === 'authenticate') {
      if (request.token === 'ended') return answer('SESSION_EXPIRED');
      return answer('OK', { playerId: 'p1', currency: 'BDT', balance: money() });
    }
    const cents = Math.round(Number(request.amount ?? 0) * 100);
    if (operation === 'bet') {
      if (this.hold) await this.hold;
      if (this.refuse) return answer(this.refuse, { balance: money() });
      if (cents > this.balance) return answer('INSUFFICIENT_FUNDS', { balance: money() });
      this.balance -= cents;
    } else if (operation === 'win') {
      this.balance += cents;
    }
    return answer('OK', { txId: request.txId, balance: money(), currency: 'BDT' });
  }
}

const GAMES: Record<string, { nodeId: string; gameName: string; gameType: string; rtp: null }[]> = {
  FISH: [{ nodeId: 'JILI-FISH-0001', gameName: 'Ocean Hunter', gameType: 'FISH', rtp: null }],
  PVP: [
    { nodeId: 'KM-PVP-0001', gameName: 'Royal Blast', gameType: 'PVP', rtp: null },
    { nodeId: 'KM-PVP-0003', gameName: 'Spice Empire', gameType: 'PVP', rtp: null },
    { nodeId: 'KM-PVP-0099', gameName: 'Andar Bahar Deluxe', gameType: 'PVP', rtp: null },
  ],
};
/** While set, the portal's game list does not answer (it is starting, or down). */
let listDown = false;
const catalogueFetch = (async (url: URL) => {
  if (listDown) return new Response('starting', { status: 503 });
  const games = (GAMES[url.searchParams.get('gameType') ?? ''] ?? []).filter((g) =>
    g.nodeId.startsWith(url.searchParams.get('vassalage') ?? ''),
  );
  return new Response(JSON.stringify({ success: true, value: { games, totalPages: 1 } }));
}) as typeof fetch;

let dir: string;
let wallet: FakeWallet;
let journal: Journal;
let studio: FastifyInstance;
/** The next draws the studio makes, then a seeded stream. */
let draws: number[];

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-kinds-'));
  wallet = new FakeWallet();
  journal = new Journal(path.join(dir, 'rounds.jsonl'));
  const client = new VendorClient({ transport: wallet, secretOf: () => 'secret', retryDelaysMs: [1] });
  const seeded = seededRng('kinds');
  draws = [];
  studio = buildStudio({
    client,
    rounds: new RoundKeeper(client, journal),
    catalogue: new Catalogue('http://portal.test', catalogueFetch),
    random: (max) => {
      const next = draws.shift();
      return next === undefined ? seeded.int(max) : Math.min(next, max - 1);
    },
  });
});

afterEach(async () => {
  await studio.close();
  journal.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function open(vendor: string, game: string, token = 'good', lang = 'en') {
  const page = await studio.inject({
    method: 'GET',
    url: `/play?vendor=${vendor}&game=${game}&token=${token}&lang=${lang}`,
  });
  return { status: page.statusCode, html: page.body, session: /"session":"([^"]+)"/.exec(page.body)?.[1] ?? '' };
}

async function post(url: string, payload: Record<string, unknown>) {
  const answer = await studio.inject({ method: 'POST', url, payload });
  return { status: answer.statusCode, body: answer.json() as Answer };
}

/** The kinds' answers, as the tests read them. */
interface Answer {
  ok: boolean;
  code?: string;
  message: string;
  win: string;
  balance: string | null;
  result: string;
  side?: string;
  shot: { target: string; multiplier: number; captured: boolean };
  hand: {
    player: string[];
    dealer: string[];
    outcome: string;
    joker: string;
    andar: string[];
    bahar: string[];
    winner: 'andar' | 'bahar';
    firstSide: string;
    cardsDealt: number;
  };
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe('fish', () => {
  it('opens a fish game with its name, the demo mark, every target and its multiplier, the RTP', async () => {
    const { status, html } = await open('JILI', 'JILI-FISH-0001');
    expect(status).toBe(200);
    expect(html).toContain('Ocean Hunter');
    expect(html).toContain('Demo studio');
    expect(html).toContain('/assets/fish.js');
    expect(html).toContain('"rtp":96');
    expect(html).toContain('{"kind":"golden-dragon","multiplier":300,"boss":true,"name":"Golden dragon"}');
    const bn = await open('JILI', 'JILI-FISH-0001', 'good', 'bn');
    expect(bn.html).toContain('সোনালি ড্রাগন');
    expect(bn.html).toContain('ডেমো স্টুডিও');
  });

  it('opens no game while the game list does not answer, rather than reels in place of the fish, and opens it after', async () => {
    listDown = true;
    try {
      const down = await open('JILI', 'JILI-FISH-0001');
      expect(down.status).toBe(503);
      expect(down.html).toContain('Something went wrong, please try again');
      expect(down.html).not.toContain('/assets/slot.js');
      expect(down.session).toBe('');
    } finally {
      listDown = false;
    }
    const up = await open('JILI', 'JILI-FISH-0001');
    expect(up.status).toBe(200);
    expect(up.html).toContain('/assets/fish.js');
  });

  it('pays a capture bet × multiplier and a miss nothing, the balance moving by exactly bet − win', async () => {
    const { session } = await open('JILI', 'JILI-FISH-0001');
    // A capture draws below 96 of 100 × multiplier.
    draws = [95];
    const caught = await post('/api/fish/shoot', { session, bet: '1.00', target: 'shark' });
    expect(caught.status).toBe(200);
    expect(caught.body).toMatchObject({
      ok: true,
      shot: { target: 'shark', multiplier: 30, captured: true },
      win: '30.00',
      balance: '129.00',
    });
    draws = [96];
    const missed = await post('/api/fish/shoot', { session, bet: '1.00', target: 'shark' });
    expect(missed.body).toMatchObject({ shot: { captured: false }, win: '0.00', balance: '128.00' });
    expect(wallet.balance).toBe(128_00);
    expect(wallet.calls).toEqual(['authenticate', 'bet', 'win', 'bet', 'win']);
  });

  it('keeps the books over many random shots: every win 0 or bet × multiplier, balance = start − bets + wins', async () => {
    const { session } = await open('JILI', 'JILI-FISH-0001');
    let expected = 100_00;
    for (let i = 0; i < 60; i++) {
      const target = ['clownfish', 'pufferfish', 'turtle'][i % 3] as string;
      const { body } = await post('/api/fish/shoot', { session, bet: '0.10', target });
      expect(body.ok).toBe(true);
      expect([0, 10 * body.shot.multiplier]).toContain(cents(body.win));
      expected += cents(body.win) - 10;
      expect(body.balance).toBe((expected / 100).toFixed(2));
    }
    expect(wallet.balance).toBe(expected);
  });

  it('refuses a bet off the list, an unknown target or a non-fish session with 400, and nothing moves', async () => {
    const { session } = await open('JILI', 'JILI-FISH-0001');
    const cards = await open('KM', 'KM-PVP-0001');
    for (const payload of [
      { session, bet: '0.15', target: 'shark' },
      { session, bet: 1, target: 'shark' },
      { session, bet: '1.00', target: 'kraken' },
      { session: cards.session, bet: '1.00', target: 'shark' },
    ]) {
      expect((await post('/api/fish/shoot', payload)).status).toBe(400);
    }
    expect((await post('/api/fish/shoot', { session: 'nope', bet: '1.00', target: 'shark' })).status).toBe(401);
    expect(wallet.calls).toEqual(['authenticate', 'authenticate']);
  });

  it('takes one shot at a time per session', async () => {
    const { session } = await open('JILI', 'JILI-FISH-0001');
    let release = () => {};
    wallet.hold = new Promise((resolve) => {
      release = resolve;
    });
    const first = post('/api/fish/shoot', { session, bet: '1.00', target: 'clownfish' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await post('/api/fish/shoot', { session, bet: '1.00', target: 'clownfish' });
    expect(second).toMatchObject({ status: 409, body: { code: 'BUSY' } });
    release();
    expect((await first).status).toBe(200);
    expect(wallet.calls.filter((call) => call === 'bet')).toHaveLength(1);
  });

  it('shows the portal’s refusals in the player’s language, and nothing moves', async () => {
    const { session } = await open('JILI', 'JILI-FISH-0001');
    wallet.balance = 50;
    const poor = await post('/api/fish/shoot', { session, bet: '1.00', target: 'shark' });
    expect(poor).toMatchObject({ status: 409, body: { ok: false, code: 'INSUFFICIENT_FUNDS', balance: '0.50' } });
    expect(poor.body.message).toMatch(/Not enough balance/);
    wallet.refuse = 'SESSION_EXPIRED';
    const ended = await post('/api/fish/shoot', { session, bet: '0.10', target: 'shark' });
    expect(ended.body).toMatchObject({ code: 'SESSION_EXPIRED', message: expect.stringMatching(/session has ended/) });
    expect(wallet.balance).toBe(50);
    expect(wallet.calls).not.toContain('win');
  });

  it('plays free play with fun money and never calls the wallet', async () => {
    const { html, session } = await open('JILI', 'JILI-FISH-0001', '');
    expect(html).toContain('"fun":true');
    draws = [0];
    const { body } = await post('/api/fish/shoot', { session, bet: '10.00', target: 'clownfish' });
    expect(body).toMatchObject({ ok: true, win: '20.00', balance: '2010.00' });
    expect(wallet.calls).toEqual([]);
  });
});

describe('cards against the house', () => {
  it('chooses the game by the catalogue name where it says one, else by the id, the same every time', () => {
    expect(cardGameOf('KM-PVP-0001', 'Andar Bahar Deluxe')).toBe('andar-bahar');
    expect(cardGameOf('KM-PVP-0003', 'Teen Patti Gold')).toBe('teen-patti');
    expect(cardGameOf('KM-PVP-0001', 'Royal Blast')).toBe('teen-patti');
    expect(cardGameOf('KM-PVP-0003', 'Spice Empire')).toBe('andar-bahar');
    const games = Array.from({ length: 60 }, (_, i) => cardGameOf(`KM-PVP-${String(i + 1).padStart(4, '0')}`));
    expect(games.filter((game) => game === 'teen-patti').length).toBeGreaterThan(15);
    expect(games.filter((game) => game === 'andar-bahar').length).toBeGreaterThan(15);
  });

  it('deals a Teen Patti hand: six distinct cards, the ante settled at 0.95:1, push or loss', async () => {
    const { html, session } = await open('KM', 'KM-PVP-0001');
    expect(html).toContain('Royal Blast');
    expect(html).toContain('"game":"teen-patti"');
    expect(html).toContain('"edge":2.4972');
    let expected = 100_00;
    const results = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const { status, body } = await post('/api/cards/deal', { session, bet: '2.00' });
      expect(status).toBe(200);
      const { hand } = body;
      expect(new Set([...hand.player, ...hand.dealer]).size).toBe(6);
      for (const code of [...hand.player, ...hand.dealer]) parseCard(code);
      const win = ({ win: '3.90', push: '2.00', lose: '0.00' } as Record<string, string>)[body.result];
      expect(body.win).toBe(win);
      expect(body.result).toBe(
        ({ player: 'win', tie: 'push', dealer: 'lose' } as Record<string, string>)[hand.outcome],
      );
      results.add(body.result);
      expected += cents(body.win) - 200;
      expect(body.balance).toBe((expected / 100).toFixed(2));
    }
    expect(results).toContain('win');
    expect(results).toContain('lose');
    expect(wallet.balance).toBe(expected);
  });

  it('deals Andar Bahar on the side bet: the matching card ends the deal, 0.9:1 for the first side, 1:1 else', async () => {
    const { html, session } = await open('KM', 'KM-PVP-0003');
    expect(html).toContain('"game":"andar-bahar"');
    expect(html).toContain('"edge":2.575');
    expect((await post('/api/cards/deal', { session, bet: '10.00' })).status).toBe(400);
    expect((await post('/api/cards/deal', { session, bet: '10.00', side: 'middle' })).status).toBe(400);
    let expected = 100_00;
    for (let i = 0; i < 30; i++) {
      const side = i % 2 === 0 ? 'andar' : 'bahar';
      const { body } = await post('/api/cards/deal', { session, bet: '1.00', side });
      const { hand } = body;
      const winnerPile = hand[hand.winner];
      expect(parseCard(winnerPile.at(-1) as string).rank).toBe(parseCard(hand.joker).rank);
      expect(hand.andar.length + hand.bahar.length).toBe(hand.cardsDealt);
      const win = hand.winner !== side ? '0.00' : side === hand.firstSide ? '1.90' : '2.00';
      expect(body).toMatchObject({ side, win, result: hand.winner === side ? 'win' : 'lose' });
      expected += cents(win) - 100;
    }
    expect(wallet.balance).toBe(expected);
  });

  it('refuses a stake off the list or a non-card session with 400, and shows the portal’s refusal', async () => {
    const { session } = await open('KM', 'KM-PVP-0001');
    const fish = await open('JILI', 'JILI-FISH-0001');
    expect((await post('/api/cards/deal', { session, bet: '3.00' })).status).toBe(400);
    expect((await post('/api/cards/deal', { session: fish.session, bet: '1.00' })).status).toBe(400);
    expect(wallet.calls).not.toContain('bet');
    wallet.balance = 100;
    const poor = await post('/api/cards/deal', { session, bet: CARD_BETS[1] });
    expect(poor).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_FUNDS', balance: '1.00' } });
    expect(wallet.balance).toBe(100);
  });

  it('the bets offered are the engines’ and the page lists them', async () => {
    expect(FISH_BETS).toEqual(['0.10', '0.20', '0.50', '1.00', '2.00', '5.00', '10.00']);
    const { html } = await open('KM', 'KM-PVP-0099', '');
    expect(html).toContain('"game":"andar-bahar"');
    expect(html).toContain(JSON.stringify(CARD_BETS));
  });
});

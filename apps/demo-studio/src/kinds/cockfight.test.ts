// The pit through the studio's HTTP API, in free play: odds from both players' bets, the fight settled at its time.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveRound } from '../engines/live-tables.ts';
import { freePlayStudio } from '../test/free-play-studio.ts';

const GAME = 'SV388-COCKFIGHT-0001';
const SECRET = 'pit-test-secret';
let studio: Awaited<ReturnType<typeof freePlayStudio>>;
let app: FastifyInstance;

/** The portal's public game list, as far as the studio reads it. */
const gameList: typeof fetch = async (input) => {
  const url = new URL(String(input));
  const games =
    url.searchParams.get('gameType') === 'COCKFIGHT'
      ? [{ nodeId: GAME, gameName: 'Pit Test', gameType: 'COCKFIGHT', rtp: null }]
      : [];
  return new Response(JSON.stringify({ success: true, value: { games, totalPages: 1 } }));
};

beforeEach(async () => {
  studio = await freePlayStudio(gameList, {
    secret: SECRET,
    schedules: {
      cockfight: { startMs: Date.now(), bettingMs: 1_000, closedMs: 50, resultMs: 50, settledMs: 2_000 },
    },
    tickMs: 20,
  });
  app = studio.app;
});
afterEach(async () => {
  await studio.close();
});

type PitState = {
  table: string;
  round: number;
  phase: string;
  msLeft: number;
  odds: { meron: number | null; wala: number | null; draw: number };
  pools: { meron: string; wala: string; draw: string };
  result: string | null;
  noContest: boolean;
  myBets: { side: string; payout: string | null }[];
  balance: string;
};

async function open(): Promise<string> {
  const page = await app.inject({ method: 'GET', url: `/play?vendor=SV388&game=${GAME}&lang=en` });
  expect(page.body).toContain('Pit Test');
  expect(page.body).toContain('/assets/cockfight.js');
  return /"session":"([^"]+)"/.exec(page.body)?.[1] ?? '';
}
const state = async (session: string) =>
  (await app.inject({ method: 'GET', url: `/api/cockfight/state?session=${session}` })).json() as PitState;
const bet = (session: string, round: number, side: string, amount: string) =>
  app.inject({ method: 'POST', url: '/api/cockfight/bet', payload: { session, round, side, amount } });

describe('the cockfight pit', () => {
  it('shows pari-mutuel odds from both players’ bets, refuses bets after the close, and settles the fight', async () => {
    const [ali, bina] = [await open(), await open()];
    let now = await state(ali);
    while (now.phase !== 'betting' || now.msLeft < 600) now = await state(ali);
    expect((await bet(ali, now.round, 'meron', '100.00')).statusCode).toBe(200);
    // One side only: no odds yet.
    expect((await state(bina)).odds.meron).toBeNull();
    expect((await bet(bina, now.round, 'wala', '50.00')).statusCode).toBe(200);
    const open2 = await state(bina);
    expect(open2.pools).toMatchObject({ meron: '100.00', wala: '50.00' });
    // 150 × 0.95 / 100 and / 50.
    expect(open2.odds).toMatchObject({ meron: 1.42, wala: 2.85, draw: 9 });
    expect((await bet(ali, now.round, 'sideways', '10.00')).statusCode).toBe(400);

    while ((await state(ali)).phase === 'betting') await new Promise((resolve) => setTimeout(resolve, 20));
    const late = await bet(ali, now.round, 'draw', '10.00');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'BETS_CLOSED' });

    let settled = await state(ali);
    while (settled.myBets[0]?.payout === null) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      settled = await state(ali);
    }
    const result = liveRound(SECRET, 'cockfight', settled.table, now.round).outcome;
    if (result.game !== 'cockfight') throw new Error('not a fight');
    const expected =
      result.result === 'meron'
        ? { ali: '2042.50', bina: '1950.00' }
        : result.result === 'wala'
          ? { ali: '1900.00', bina: '2092.50' }
          : { ali: '2000.00', bina: '2000.00' };
    expect({ ali: (await state(ali)).balance, bina: (await state(bina)).balance }).toEqual(expected);
    // The settled fight still shows its pools, not a no contest.
    const after = await state(ali);
    if (after.round === now.round) {
      expect(after.noContest).toBe(false);
      expect(after.pools.meron).toBe('100.00');
    }
  });
});

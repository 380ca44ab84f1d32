// Cockfight (game type COCKFIGHT), SV388 style: fights on the pit's clock, meron / wala / draw bets while betting is
// open, pari-mutuel odds from every player's bets at that fight, settled at the fight's result time
// (kinds/tables.ts) from the journal, so a restart settles what was left open.
import { fromMinor, toMinor } from '@portal/shared/money';
import type { FastifyInstance } from 'fastify';
import { COCKFIGHT_MARGIN, type CockfightSide, liveOdds, pools } from '../engines/cockfight.ts';
import { acceptsBets } from '../engines/table-round.ts';
import { pageTexts, type TextKey, text } from '../i18n.ts';
import { failure, gamePage } from '../pages.ts';
import type { StudioSession } from '../sessions.ts';
import type { GameKind, KindContext } from './kind.ts';
import { oneAtATime } from './paid-round.ts';
import { TABLE_PAGE_TEXT_KEYS, TableSeats } from './table-seats.ts';
import {
  CHIPS,
  fightSettlement,
  settleTables,
  startDriver,
  type TableBetDetail,
  TableClock,
  tableIdOf,
} from './tables.ts';

const SIDES: readonly CockfightSide[] = ['meron', 'wala', 'draw'];
const HISTORY = 12;

/**
 * The texts public/cockfight.js shows (with those of the parts of public/page.js it uses: the chips and the pit's
 * clock). Picked at run time: the phases and the sides.
 */
export const COCKFIGHT_TEXT_KEYS: readonly TextKey[] = [
  ...TABLE_PAGE_TEXT_KEYS,
  'fight',
  'fight_result',
  'history',
  'myBets',
  'seedHash',
  'seedRevealed',
  'funMoney',
  'odds',
  'pool',
  'oddsWaiting',
  'noContest',
  'weight',
  'form',
  'cockfightRules',
  'meron',
  'wala',
  'draw',
];

type FightDetail = Extract<TableBetDetail, { kind: 'cockfight' }>;

export function cockfightKind(): GameKind {
  let clock = new TableClock();
  let rounds: KindContext['rounds'] | null = null;
  const seats = new TableSeats<{ side: CockfightSide }, FightDetail>();
  const seenPools = new Map<string, ReturnType<typeof pools>>();
  const pitOf = (session: StudioSession) => tableIdOf('pit', session.vendor, session.gameId);
  /** The fight's pools: the portal's players' bets in one currency, or free play's among themselves. */
  function poolsOf(table: string, round: number, currency: string | null) {
    const bets =
      currency === null
        ? seats.funBets
            .filter((b) => b.detail.table === table && b.detail.round === round)
            .map((b) => ({ id: b.bet.id, side: b.bet.side, stakeMinor: toMinor(b.bet.amount) }))
        : (rounds?.openBets() ?? [])
            .filter((b) => {
              const d = b.detail as FightDetail | null;
              return d?.kind === 'cockfight' && d.table === table && d.round === round && b.currency === currency;
            })
            .map((b) => ({ id: b.roundId, side: (b.detail as FightDetail).side, stakeMinor: toMinor(b.amount) }));
    return pools(bets);
  }

  function settleFun(nowMs: number): void {
    const due = seats.funBets.filter((b) => b.detail.settlesAt <= nowMs);
    const fights = new Set(due.map((b) => `${b.detail.table}:${b.detail.round}`));
    for (const fight of fights) {
      const bets = due.filter((b) => `${b.detail.table}:${b.detail.round}` === fight);
      const { table, round } = bets[0]!.detail;
      const outcome = clock.round('cockfight', table, round).outcome;
      if (outcome.game !== 'cockfight') continue;
      const settlement = fightSettlement(
        bets.map((b) => ({ id: b.bet.id, side: b.bet.side, amount: b.bet.amount })),
        outcome.result,
      );
      for (const settled of settlement.bets) {
        const fun = bets.find((b) => b.bet.id === settled.betId)!;
        seats.payFun(fun, settled.payoutMinor, settled.outcome === 'refund');
      }
    }
  }

  return {
    gameTypes: ['COCKFIGHT'],

    page(session, sessionId, balance, currency) {
      const name = session.info?.name ?? session.gameId;
      seats.seat(session, balance);
      const config = {
        session: sessionId,
        language: session.language,
        name,
        vendor: session.vendor,
        table: pitOf(session),
        balance,
        currency,
        fun: session.player === null,
        chips: CHIPS,
        margin: COCKFIGHT_MARGIN,
        texts: pageTexts(session.language, COCKFIGHT_TEXT_KEYS),
      };
      return gamePage({
        language: session.language,
        name,
        script: 'cockfight',
        config,
        modifier: 'pit',
        note: text('softwareFight', session.language),
      });
    },

    register(app: FastifyInstance, context: KindContext) {
      const { sessions } = context;
      rounds = context.rounds;
      const keeper = context.rounds;
      clock = new TableClock(context.tables);
      startDriver(
        app,
        context.tables?.tickMs ?? 500,
        async () => {
          const now = Date.now();
          settleFun(now);
          await settleTables(keeper, clock, 'cockfight', now, seats.onSettled);
        },
        (error) => app.log.error({ err: error }, 'cockfight settlement failed'),
      );

      app.get<{ Querystring: { session?: string } }>('/api/cockfight/state', async (request, reply) => {
        const session = sessions.get(request.query.session);
        if (!session) return reply.code(401).send(failure('UNKNOWN_SESSION', 'bn'));
        const table = pitOf(session);
        const now = Date.now();
        const state = clock.now('cockfight', now);
        const current = clock.round('cockfight', table, state.roundNumber);
        const revealed = state.phase === 'result' || state.phase === 'settled';
        if (current.outcome.game !== 'cockfight') throw new Error('a fight without a fight card');
        // Once settled, a fight's bets are no longer open: the pools shown are the last ones seen before.
        const poolKey = `${table}:${state.roundNumber}:${session.player?.currency ?? ''}`;
        const pool =
          (state.phase === 'settled' ? seenPools.get(poolKey) : undefined) ??
          poolsOf(table, state.roundNumber, session.player?.currency ?? null);
        if (state.phase !== 'settled') {
          if (seenPools.size > 1_000) seenPools.clear();
          seenPools.set(poolKey, pool);
        }
        const odds = liveOdds(pool);
        const noContest = revealed && (pool.meronMinor === 0n || pool.walaMinor === 0n);
        const history = [];
        for (let n = state.roundNumber - 1; n >= Math.max(0, state.roundNumber - HISTORY); n--) {
          const past = clock.round('cockfight', table, n).outcome;
          if (past.game === 'cockfight') history.push({ round: n, result: past.result });
        }
        return {
          ok: true,
          table,
          round: state.roundNumber,
          phase: state.phase,
          msLeft: state.phaseEndMs - now,
          card: current.outcome.card,
          commitment: current.commitment,
          seed: revealed ? current.seedHex : null,
          result: revealed ? current.outcome.result : null,
          noContest,
          pools: {
            meron: fromMinor(pool.meronMinor),
            wala: fromMinor(pool.walaMinor),
            draw: fromMinor(pool.drawMinor),
          },
          odds,
          history,
          ...seats.view(session),
        };
      });

      app.post<{ Body: { session?: unknown; round?: unknown; side?: unknown; amount?: unknown } }>(
        '/api/cockfight/bet',
        async (request, reply) => {
          const body = request.body ?? {};
          const session = sessions.get(body.session);
          if (!session) return reply.code(401).send(failure('UNKNOWN_SESSION', 'bn'));
          const language = session.language;
          const table = pitOf(session);
          const side = body.side as CockfightSide;
          const amount = typeof body.amount === 'string' ? body.amount : '';
          const round = body.round;
          if (!SIDES.includes(side) || !(CHIPS as readonly string[]).includes(amount) || !Number.isSafeInteger(round)) {
            return reply.code(400).send({ ok: false, code: 'VALIDATION', message: text('ERROR', language) });
          }
          if (!acceptsBets(clock.schedule('cockfight'), round as number, Date.now())) {
            return reply.code(409).send({ ok: false, code: 'BETS_CLOSED', message: text('BETS_CLOSED', language) });
          }
          const detail: FightDetail = {
            kind: 'cockfight',
            table,
            round: round as number,
            settlesAt: clock.settlesAt('cockfight', round as number),
            side,
          };
          return oneAtATime(session, reply, () => seats.place(keeper, session, { side }, amount, detail), 'placing');
        },
      );
    },
  };
}

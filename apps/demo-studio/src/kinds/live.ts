// Live casino tables (game type LIVE): baccarat and roulette on the table clock, every player at a table in the same
// round. A bet is a seamless bet of its own taken while betting is open; the settlement pass pays it when the
// round's result time has passed (kinds/tables.ts), from the journal, so a restart settles what was left open.

import { createHash } from 'node:crypto';
import { toMinor } from '@portal/shared/money';
import type { FastifyInstance } from 'fastify';
import { BACCARAT_BETS, BACCARAT_HOUSE_EDGE_PERCENT } from '../engines/baccarat.ts';
import { cardCode } from '../engines/cards.ts';
import type { LiveOutcome } from '../engines/live-tables.ts';
import { pocketColour, ROULETTE_HOUSE_EDGE_PERCENT } from '../engines/roulette.ts';
import { acceptsBets } from '../engines/table-round.ts';
import { pageTexts, type TextKey, text } from '../i18n.ts';
import { failure, gamePage } from '../pages.ts';
import type { StudioSession } from '../sessions.ts';
import type { GameKind, KindContext } from './kind.ts';
import { oneAtATime } from './paid-round.ts';
import { TABLE_PAGE_TEXT_KEYS, TableSeats } from './table-seats.ts';
import {
  CHIPS,
  livePayout,
  rouletteBetOf,
  settleTables,
  startDriver,
  type TableBetDetail,
  TableClock,
  tableIdOf,
} from './tables.ts';

type LiveTableGame = 'baccarat' | 'roulette';
const HISTORY = 12;

/**
 * The texts public/live.js shows (with those of the parts of public/page.js it uses: the chips and the table's clock).
 * Picked at run time: the phases, the baccarat spots and winners, the roulette spots and colours.
 */
export const LIVE_TEXT_KEYS: readonly TextKey[] = [
  ...TABLE_PAGE_TEXT_KEYS,
  'round',
  'history',
  'myBets',
  'tapSpot',
  'seedHash',
  'seedRevealed',
  'funMoney',
  'push',
  'baccaratRules',
  'rouletteRules',
  'houseEdge',
  'player',
  'banker',
  'tie',
  'playerPair',
  'bankerPair',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
  'dozen',
  'column',
];

/** Baccarat or roulette: by the catalogue name when it says, else from the game id, the same for every launch. */
export function liveGameOf(gameId: string, name: string): LiveTableGame {
  if (/roulette|রুলেট/i.test(name)) return 'roulette';
  if (/baccarat|ব্যাকারেট/i.test(name)) return 'baccarat';
  return createHash('sha256').update(gameId).digest()[0]! % 2 === 0 ? 'baccarat' : 'roulette';
}

function validSpot(game: LiveTableGame, spot: string): boolean {
  return game === 'baccarat' ? (BACCARAT_BETS as readonly string[]).includes(spot) : rouletteBetOf(spot) !== null;
}

/** What the page shows of a round's result. */
function shownOutcome(outcome: LiveOutcome) {
  if (outcome.game === 'baccarat') {
    const { coup } = outcome;
    return {
      player: coup.player.map(cardCode),
      banker: coup.banker.map(cardCode),
      playerTotal: coup.playerTotal,
      bankerTotal: coup.bankerTotal,
      winner: coup.outcome,
      playerPair: coup.playerPair,
      bankerPair: coup.bankerPair,
    };
  }
  if (outcome.game === 'roulette') return { pocket: outcome.pocket, colour: pocketColour(outcome.pocket) };
  throw new Error(`not a live table outcome: ${outcome.game}`);
}

type LiveDetail = Extract<TableBetDetail, { kind: 'live' }>;

/** One live kind per studio: its clock, its driver, its players' bets in memory (the journal holds the money). */
export function liveKind(): GameKind {
  let clock = new TableClock();
  const seats = new TableSeats<{ spot: string }, LiveDetail>();

  const tableOf = (session: StudioSession) => {
    const game = liveGameOf(session.gameId, session.info?.name ?? '');
    return { game, table: tableIdOf(game === 'baccarat' ? 'bac' : 'rou', session.vendor, session.gameId) };
  };

  function settleFun(nowMs: number): void {
    for (const fun of [...seats.funBets]) {
      const { bet, detail } = fun;
      if (detail.settlesAt > nowMs) continue;
      const outcome = clock.round(detail.game, detail.table, detail.round).outcome;
      seats.payFun(fun, livePayout(detail.game, detail.spot, toMinor(bet.amount), outcome));
    }
  }

  return {
    gameTypes: ['LIVE'],

    page(session, sessionId, balance, currency) {
      const { game, table } = tableOf(session);
      const name = session.info?.name ?? session.gameId;
      seats.seat(session, balance);
      const config = {
        session: sessionId,
        language: session.language,
        name,
        vendor: session.vendor,
        game,
        table,
        balance,
        currency,
        fun: session.player === null,
        chips: CHIPS,
        spots: game === 'baccarat' ? BACCARAT_BETS : null,
        edges: game === 'baccarat' ? BACCARAT_HOUSE_EDGE_PERCENT : { all: ROULETTE_HOUSE_EDGE_PERCENT },
        texts: pageTexts(session.language, LIVE_TEXT_KEYS),
      };
      return gamePage({
        language: session.language,
        name,
        script: 'live',
        config,
        modifier: 'live',
        note: text('softwareDealer', session.language),
      });
    },

    register(app: FastifyInstance, context: KindContext) {
      const { sessions, rounds } = context;
      clock = new TableClock(context.tables);
      startDriver(
        app,
        context.tables?.tickMs ?? 500,
        async () => {
          const now = Date.now();
          settleFun(now);
          await settleTables(rounds, clock, 'live', now, seats.onSettled);
        },
        (error) => app.log.error({ err: error }, 'live table settlement failed'),
      );

      app.get<{ Querystring: { session?: string } }>('/api/live/state', async (request, reply) => {
        const session = sessions.get(request.query.session);
        if (!session) return reply.code(401).send(failure('UNKNOWN_SESSION', 'bn'));
        const { game, table } = tableOf(session);
        const now = Date.now();
        const state = clock.now(game, now);
        const current = clock.round(game, table, state.roundNumber);
        const revealed = state.phase === 'result' || state.phase === 'settled';
        const history = [];
        for (let n = state.roundNumber - 1; n >= Math.max(0, state.roundNumber - HISTORY); n--) {
          history.push({ round: n, ...shownOutcome(clock.round(game, table, n).outcome) });
        }
        const previous = state.roundNumber > 0 ? clock.round(game, table, state.roundNumber - 1) : null;
        return {
          ok: true,
          game,
          table,
          round: state.roundNumber,
          phase: state.phase,
          msLeft: state.phaseEndMs - now,
          bettingClosesInMs: state.bettingClosesMs - now,
          commitment: current.commitment,
          seed: revealed ? current.seedHex : null,
          result: revealed ? shownOutcome(current.outcome) : null,
          previous: previous && {
            round: state.roundNumber - 1,
            seed: previous.seedHex,
            commitment: previous.commitment,
          },
          history,
          ...seats.view(session),
        };
      });

      app.post<{ Body: { session?: unknown; round?: unknown; spot?: unknown; amount?: unknown } }>(
        '/api/live/bet',
        async (request, reply) => {
          const body = request.body ?? {};
          const session = sessions.get(body.session);
          if (!session) return reply.code(401).send(failure('UNKNOWN_SESSION', 'bn'));
          const language = session.language;
          const { game, table } = tableOf(session);
          const spot = typeof body.spot === 'string' ? body.spot : '';
          const amount = typeof body.amount === 'string' ? body.amount : '';
          const round = body.round;
          if (
            !validSpot(game, spot) ||
            !(CHIPS as readonly string[]).includes(amount) ||
            !Number.isSafeInteger(round)
          ) {
            return reply.code(400).send({ ok: false, code: 'VALIDATION', message: text('ERROR', language) });
          }
          const now = Date.now();
          if (!acceptsBets(clock.schedule(game), round as number, now)) {
            return reply.code(409).send({ ok: false, code: 'BETS_CLOSED', message: text('BETS_CLOSED', language) });
          }
          const detail: LiveDetail = {
            kind: 'live',
            game,
            table,
            round: round as number,
            settlesAt: clock.settlesAt(game, round as number),
            spot,
          };
          return oneAtATime(session, reply, () => seats.place(rounds, session, { spot }, amount, detail), 'placing');
        },
      );
    },
  };
}

// Sports and esports: the book's lobby, bet slip and "my bets" (sports-book.ts). SPORTS games list cricket, football
// and esports; ESPORTS games esports only.
import { parsePositiveAmount } from '@portal/shared/money';
import { EngineError } from '../engines/errors.ts';
import { MAX_PARLAY_LEGS } from '../engines/sports-bets.ts';
import { type Selection, SPORTS_MARGIN_PERCENT, type Sport } from '../engines/sports-model.ts';
import { pageTexts, type TextKey, text } from '../i18n.ts';
import { failure, gamePage } from '../pages.ts';
import type { StudioSession } from '../sessions.ts';
import { type LegInput, MAX_STAKE_MINOR, MIN_STAKE_MINOR, type SportsBet, type SportsBook } from '../sports-book.ts';
import type { GameKind } from './kind.ts';

/** The texts public/sports.js shows (with those of the parts of public/page.js it uses). */
export const SPORTS_TEXT_KEYS: readonly TextKey[] = [
  'ERROR',
  'balance',
  'sportsCricket',
  'sportsFootball',
  'sportsEsports',
  'sportsAll',
  'sportsLive',
  'sportsFinished',
  'sportsStartsIn',
  'sportsWinner',
  'sports1x2',
  'sportsHandicap',
  'sportsTotal',
  'sportsDraw',
  'sportsOver',
  'sportsUnder',
  'sportsSlip',
  'sportsSlipEmpty',
  'sportsSingle',
  'sportsParlay',
  'sportsOdds',
  'sportsStake',
  'sportsPotential',
  'sportsPlace',
  'sportsPlacing',
  'sportsPlaced',
  'sportsClear',
  'sportsRemove',
  'sportsMaxLegs',
  'sportsMyBets',
  'sportsNoBets',
  'sportsPending',
  'sportsWon',
  'sportsLost',
  'sportsVoid',
  'sportsReturned',
  'sportsFun',
  'sportsMoveIn',
  'sportsVendorWallet',
  'sportsMargin',
  'sportsRules',
];

const SELECTIONS: readonly Selection[] = ['home', 'draw', 'away', 'over', 'under'];

function sportsOf(session: StudioSession): readonly Sport[] {
  return session.info?.gameType === 'ESPORTS' ? ['esports'] : ['cricket', 'football', 'esports'];
}

function betView(book: SportsBook, bet: SportsBet, now = Date.now()) {
  return {
    betId: bet.betId,
    stake: bet.stake,
    status: bet.status,
    payout: bet.payout,
    placedAt: bet.placedAt,
    legs: bet.legs.map((leg, i) => {
      const fixture = book.view(book.fixture(leg.fixtureId), now);
      return {
        ...leg,
        sport: fixture.sport,
        home: fixture.home,
        away: fixture.away,
        score: fixture.state === 'finished' ? fixture.score : null,
        status: bet.legStatuses[i] ?? 'pending',
      };
    }),
  };
}

/** The slip as the page sends it, or null when it is not one. */
function parseLegs(value: unknown): LegInput[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PARLAY_LEGS) return null;
  const legs: LegInput[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) return null;
    const { fixtureId, market, selection } = item as Record<string, unknown>;
    if (typeof fixtureId !== 'string' || fixtureId.length > 40) return null;
    if (typeof selection !== 'string' || !(SELECTIONS as readonly string[]).includes(selection)) return null;
    if (typeof market !== 'object' || market === null) return null;
    const { type, line } = market as Record<string, unknown>;
    if (type === 'winner') legs.push({ fixtureId, market: { type }, selection: selection as Selection });
    else if ((type === 'handicap' || type === 'total') && typeof line === 'number' && Number.isFinite(line)) {
      legs.push({ fixtureId, market: { type, line }, selection: selection as Selection });
    } else return null;
  }
  return legs;
}

export const sportsKind: GameKind = {
  gameTypes: ['SPORTS', 'ESPORTS'],

  page(session, sessionId, balance, currency) {
    const name = session.info?.name ?? session.gameId;
    const config = {
      session: sessionId,
      language: session.language,
      name,
      vendor: session.vendor,
      balance,
      currency,
      fun: session.player === null,
      sports: sportsOf(session),
      margin: SPORTS_MARGIN_PERCENT,
      maxLegs: MAX_PARLAY_LEGS,
      minStake: '1.00',
      stakes: ['10.00', '50.00', '100.00', '500.00'],
      texts: pageTexts(session.language, SPORTS_TEXT_KEYS),
    };
    return gamePage({ language: session.language, name, script: 'sports', config, modifier: 'sports' });
  },

  register(app, { sessions, sportsBook }) {
    app.get<{ Querystring: { session?: string } }>('/api/sports/lobby', async (request, reply) => {
      const session = sessions.get(request.query.session);
      if (!session) return reply.code(401).send(failure('UNKNOWN_SESSION', 'bn'));
      if (!sportsBook) return reply.code(503).send(failure('ERROR', session.language));
      const now = Date.now();
      const player = session.player;
      const transfer = sportsBook.isTransfer(session.vendor);
      return {
        ok: true,
        now,
        transfer,
        balance: player && transfer ? sportsBook.wallet.balance(session.vendor, player.playerId) : null,
        fixtures: sportsBook.lobby(sportsOf(session), now),
        bets: player
          ? sportsBook.betsOf(session.vendor, player.playerId).map((bet) => betView(sportsBook, bet, now))
          : [],
      };
    });

    app.post<{ Body: { session?: unknown; stake?: unknown; legs?: unknown } }>(
      '/api/sports/bet',
      async (request, reply) => {
        const body = request.body ?? {};
        const session = sessions.get(body.session);
        if (!session) return reply.code(401).send(failure('UNKNOWN_SESSION', 'bn'));
        const language = session.language;
        if (!sportsBook) return reply.code(503).send(failure('ERROR', language));
        const invalid = (code: string, key: Parameters<typeof text>[0]) =>
          reply.code(400).send({ ok: false, code, message: text(key, language) });
        if (!session.player)
          return reply.code(403).send({ ok: false, code: 'FUN_MODE', message: text('sportsFun', language) });
        const stake = typeof body.stake === 'string' ? parsePositiveAmount(body.stake) : null;
        if (stake === null || stake < MIN_STAKE_MINOR || stake > MAX_STAKE_MINOR) {
          return invalid('INVALID_STAKE', 'sportsBadStake');
        }
        const legs = parseLegs(body.legs);
        if (!legs) return invalid('VALIDATION', 'ERROR');
        let priced: ReturnType<typeof sportsBook.priceLegs>;
        try {
          priced = sportsBook.priceLegs(legs, sportsOf(session));
        } catch (error) {
          if (!(error instanceof EngineError)) throw error;
          if (error.code === 'bets_closed')
            return reply.code(409).send({ ok: false, code: 'BETS_CLOSED', message: text('sportsClosed', language) });
          return invalid(error.code.toUpperCase(), 'sportsBadSlip');
        }
        if (new Set(priced.map((leg) => leg.fixtureId)).size !== priced.length) {
          return invalid('SAME_FIXTURE', 'sportsSameFixture');
        }
        if (session.busy)
          return reply.code(409).send({ ok: false, code: 'BUSY', message: text('sportsBusy', language) });
        session.busy = true;
        try {
          const placed = await sportsBook.place(
            { vendor: session.vendor, ...session.player },
            session.gameId,
            stake,
            priced,
          );
          switch (placed.outcome) {
            case 'taken':
              return { ok: true, bet: betView(sportsBook, placed.bet), balance: placed.balance };
            case 'refused': {
              const refused = failure(placed.code, language);
              // At a transfer-mode vendor the money to bet with is moved in from the portal's wallet.
              if (placed.code === 'INSUFFICIENT_FUNDS' && sportsBook.isTransfer(session.vendor)) {
                refused.message = text('sportsMoveIn', language);
              }
              return reply.code(409).send({ ...refused, balance: placed.balance });
            }
            case 'rolled-back':
              return reply.code(503).send({ ...failure('ROLLED_BACK', language), balance: placed.balance });
          }
        } finally {
          session.busy = false;
        }
      },
    );
  },
};

// Slots: a 5-reel game per catalogue entry (engines/slots.ts), one paid round per spin.
import { BET_CHOICES, LINES, playRound, type SlotGame, slotGame, winAmount } from '../engines/slots.ts';
import { pageTexts, type TextKey, text } from '../i18n.ts';
import { failure, gamePage } from '../pages.ts';
import type { StudioSession } from '../sessions.ts';
import type { GameKind } from './kind.ts';

/** The texts public/slot.js shows (with those of the parts of public/page.js it uses). */
export const SLOT_TEXT_KEYS: readonly TextKey[] = [
  'ERROR',
  'help',
  'close',
  'balance',
  'win',
  'bet',
  'spin',
  'spinning',
  'lines',
  'rtp',
  'rules',
  'funMoney',
  'wild',
  'scatter',
  'freeSpins',
  'freeSpinsRule',
];

/** Games are derived from their id (and the tile's RTP): each is built once per process. */
const games = new Map<string, SlotGame>();
function gameOf(session: StudioSession): SlotGame {
  const rtp = session.info?.rtp ?? undefined;
  const key = `${session.gameId}:${rtp ?? ''}`;
  let game = games.get(key);
  if (!game) {
    game = slotGame(session.gameId, rtp);
    games.set(key, game);
  }
  return game;
}

export const slotKind: GameKind = {
  gameTypes: ['RNG'],

  page(session, sessionId, balance, currency) {
    return slotPage({
      language: session.language,
      sessionId,
      game: gameOf(session),
      name: session.info?.name ?? session.gameId,
      vendor: session.vendor,
      balance,
      currency,
      fun: session.player === null,
    });
  },

  register(app, { sessions, rounds, random }) {
    app.post<{ Body: { session?: unknown; bet?: unknown } }>('/api/spin', async (request, reply) => {
      const body = request.body ?? {};
      const session = sessions.get(body.session);
      if (!session) return reply.code(401).send(failure('UNKNOWN_SESSION', 'bn'));
      const language = session.language;
      const bet = typeof body.bet === 'string' ? body.bet : '';
      if (!(BET_CHOICES as readonly string[]).includes(bet)) {
        return reply.code(400).send({ ok: false, code: 'VALIDATION', message: text('ERROR', language) });
      }
      if (session.busy) return reply.code(409).send({ ok: false, code: 'BUSY', message: text('spinning', language) });
      session.busy = true;
      try {
        const game = gameOf(session);
        const betCents = Math.round(Number(bet) * 100);
        if (!session.player) {
          if (betCents > session.funCents) return reply.code(409).send(failure('INSUFFICIENT_FUNDS', language));
          const round = playRound(game, random);
          const win = winAmount(bet, round.totalPays);
          session.funCents += Math.round(Number(win) * 100) - betCents;
          return { ok: true, round, win, balance: (session.funCents / 100).toFixed(2) };
        }
        // The outcome is drawn before the bet is sent: the journal holds the win the round will pay.
        const round = playRound(game, random);
        const win = winAmount(bet, round.totalPays);
        const result = await rounds.play({ vendor: session.vendor, ...session.player }, session.gameId, bet, win);
        switch (result.outcome) {
          case 'paid':
            return { ok: true, round, win, balance: result.balance };
          case 'pending':
            return { ok: true, round, win, balance: null, notice: text('PENDING', language) };
          case 'refused':
            return reply.code(409).send({ ...failure(result.code, language), balance: result.balance });
          case 'rolled-back':
            return reply.code(503).send({ ...failure('ROLLED_BACK', language), balance: result.balance });
        }
      } finally {
        session.busy = false;
      }
    });
  },
};

function slotPage(input: {
  language: StudioSession['language'];
  sessionId: string;
  game: SlotGame;
  name: string;
  vendor: string;
  balance: string;
  currency: string;
  fun: boolean;
}): string {
  const { language, game } = input;
  const { name } = input;
  const config = {
    session: input.sessionId,
    language,
    name,
    vendor: input.vendor,
    balance: input.balance,
    currency: input.currency,
    fun: input.fun,
    bets: BET_CHOICES,
    rtp: game.rtp,
    symbols: Object.fromEntries(game.symbols.map((s) => [s.id, s.picture])),
    wild: game.wildPicture,
    scatter: game.scatterPicture,
    paytable: game.symbols.map((s) => ({ id: s.id, picture: s.picture, pays: s.pays })),
    freeSpins: game.freeSpins,
    // A first screen to show before any spin: each reel's first three stops.
    screen: game.reels.map((strip) => strip.slice(0, 3)),
    // The pay lines the page marks a win on.
    lines: LINES,
    texts: pageTexts(language, SLOT_TEXT_KEYS),
  };
  return gamePage({ language, name, script: 'slot', config });
}

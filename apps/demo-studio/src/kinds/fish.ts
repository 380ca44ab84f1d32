// Fish shooting (engines/fish.ts): targets swim across the page with their multipliers; each shot is one paid round,
// decided here with the studio's random source, then bet and paid through the portal.
import { FISH_BETS_MINOR, FISH_RTP_PERCENT, FISH_TARGETS, shoot } from '../engines/fish.ts';
import { pageTexts, type TextKey, text } from '../i18n.ts';
import { failure, gamePage } from '../pages.ts';
import type { StudioSession } from '../sessions.ts';
import type { GameKind } from './kind.ts';
import { amountOf, engineRng, invalid, oneAtATime, payRound } from './paid-round.ts';

/** The texts public/fish.js shows (with those of the parts of public/page.js it uses). */
export const FISH_TEXT_KEYS: readonly TextKey[] = [
  'ERROR',
  'help',
  'close',
  'balance',
  'win',
  'betPerShot',
  'tapToShoot',
  'caught',
  'missed',
  'rtp',
  'fishRules',
  'funMoney',
  'target',
  'multiplier',
  'captureChance',
  'boss',
];

/** Bets per shot as the protocol's amounts ("0.10" … "10.00"). */
export const FISH_BETS = FISH_BETS_MINOR.map(amountOf);

export const fishKind: GameKind = {
  gameTypes: ['FISH'],

  page(session, sessionId, balance, currency) {
    const language = session.language;
    const name = session.info?.name ?? session.gameId;
    const config = {
      session: sessionId,
      language,
      name,
      balance,
      currency,
      fun: session.player === null,
      bets: FISH_BETS,
      rtp: FISH_RTP_PERCENT,
      targets: FISH_TARGETS.map((target) => ({
        kind: target.kind,
        multiplier: target.multiplier,
        boss: target.boss,
        name: text(`fish_${target.kind}` as TextKey, language),
      })),
      texts: pageTexts(language, FISH_TEXT_KEYS),
    };
    return gamePage({ language, name, script: 'fish', config, modifier: 'fish' });
  },

  register(app, { sessions, rounds, random }) {
    const rng = engineRng(random);
    app.post<{ Body: { session?: unknown; bet?: unknown; target?: unknown } }>(
      '/api/fish/shoot',
      async (request, reply) => {
        const body = request.body ?? {};
        const session = sessions.get(body.session);
        if (!session) return reply.code(401).send(failure('UNKNOWN_SESSION', 'bn'));
        const bet = typeof body.bet === 'string' ? body.bet : '';
        const target = FISH_TARGETS.find((t) => t.kind === body.target);
        if (!isFish(session) || !FISH_BETS.includes(bet) || !target) return invalid(reply, session);
        return oneAtATime(session, reply, async () => {
          // The shot is decided before the bet leaves: the journal holds the win the round will pay.
          const shot = shoot(target.kind, FISH_BETS_MINOR[FISH_BETS.indexOf(bet)] as bigint, rng);
          return payRound(rounds, session, bet, amountOf(shot.winMinor), {
            shot: { target: shot.kind, multiplier: shot.multiplier, captured: shot.captured },
          });
        });
      },
    );
  },
};

/** A session opened as a fish game: a shot is recorded against its game, so it must be one. */
function isFish(session: StudioSession): boolean {
  return session.info?.gameType === 'FISH';
}

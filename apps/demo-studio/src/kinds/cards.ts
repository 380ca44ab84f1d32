// Card games against the house (catalogue type PVP): Teen Patti (engines/teen-patti.ts) or Andar Bahar
// (engines/andar-bahar.ts), one per catalogue game; each hand is one paid round, dealt here, then bet and paid
// through the portal.
import { createHash } from 'node:crypto';
import {
  ANDAR_BAHAR_HOUSE_EDGE_PERCENT,
  type AndarBaharSide,
  dealAndarBahar,
  settleAndarBaharBet,
} from '../engines/andar-bahar.ts';
import { cardCode } from '../engines/cards.ts';
import { dealTeenPatti, settleTeenPattiAnte, TEEN_PATTI_HOUSE_EDGE_PERCENT } from '../engines/teen-patti.ts';
import { pageTexts, type TextKey } from '../i18n.ts';
import { failure, gamePage } from '../pages.ts';
import type { StudioSession } from '../sessions.ts';
import type { GameKind } from './kind.ts';
import { amountOf, engineRng, invalid, oneAtATime, payRound } from './paid-round.ts';

export type CardGame = 'teen-patti' | 'andar-bahar';

/**
 * The texts public/cards.js shows (with those of the parts of public/page.js it uses); the game's name and rules, the
 * hands and the sides are picked at run time, so every one of them is here.
 */
export const CARDS_TEXT_KEYS: readonly TextKey[] = [
  'ERROR',
  'help',
  'close',
  'balance',
  'win',
  'bet',
  'deal',
  'dealing',
  'dealer',
  'you',
  'joker',
  'betOn',
  'payout',
  'funMoney',
  'houseEdgeLabel',
  'rtp',
  'resultWin',
  'resultLose',
  'resultLoseSide',
  'resultPush',
  'sideWins',
  'andar',
  'bahar',
  'game_teen-patti',
  'game_andar-bahar',
  'rules_teen-patti',
  'rules_andar-bahar',
  'hand_trail',
  'hand_pureSequence',
  'hand_sequence',
  'hand_colour',
  'hand_pair',
  'hand_highCard',
];

/** Stakes per hand, in minor units and as the protocol's amounts. */
const CARD_BETS_MINOR = [100n, 200n, 500n, 1_000n, 2_000n, 5_000n, 10_000n];
export const CARD_BETS = CARD_BETS_MINOR.map(amountOf);
const SIDES: readonly AndarBaharSide[] = ['andar', 'bahar'];

/**
 * Which game a catalogue entry plays: the one its name says where it says one, else one chosen by its id's hash,
 * so the same game is the same table in every language and after every restart.
 */
export function cardGameOf(gameId: string, name = ''): CardGame {
  if (/andar|bahar|আন্দার|বাহার/i.test(name)) return 'andar-bahar';
  if (/patti|পাত্তি/i.test(name)) return 'teen-patti';
  return (createHash('sha256').update(gameId).digest()[0] as number) % 2 === 0 ? 'teen-patti' : 'andar-bahar';
}

const gameOfSession = (session: StudioSession): CardGame => cardGameOf(session.gameId, session.info?.name);

export const cardsKind: GameKind = {
  gameTypes: ['PVP'],

  page(session, sessionId, balance, currency) {
    const language = session.language;
    const name = session.info?.name ?? session.gameId;
    const game = gameOfSession(session);
    const config = {
      session: sessionId,
      language,
      name,
      game,
      balance,
      currency,
      fun: session.player === null,
      bets: CARD_BETS,
      edge: game === 'teen-patti' ? TEEN_PATTI_HOUSE_EDGE_PERCENT : ANDAR_BAHAR_HOUSE_EDGE_PERCENT,
      texts: pageTexts(language, CARDS_TEXT_KEYS),
    };
    return gamePage({ language, name, script: 'cards', config, modifier: 'cards' });
  },

  register(app, { sessions, rounds, random }) {
    const rng = engineRng(random);
    app.post<{ Body: { session?: unknown; bet?: unknown; side?: unknown } }>(
      '/api/cards/deal',
      async (request, reply) => {
        const body = request.body ?? {};
        const session = sessions.get(body.session);
        if (!session) return reply.code(401).send(failure('UNKNOWN_SESSION', 'bn'));
        const bet = typeof body.bet === 'string' ? body.bet : '';
        if (session.info?.gameType !== 'PVP' || !CARD_BETS.includes(bet)) return invalid(reply, session);
        const betMinor = CARD_BETS_MINOR[CARD_BETS.indexOf(bet)] as bigint;
        const game = gameOfSession(session);
        const side = SIDES.find((s) => s === body.side);
        if (game === 'andar-bahar' && !side) return invalid(reply, session);
        return oneAtATime(session, reply, async () => {
          // The hand is dealt before the bet leaves: the journal holds the win the round will pay.
          if (game === 'teen-patti') {
            const hand = dealTeenPatti(rng);
            const settled = settleTeenPattiAnte(betMinor, hand);
            return payRound(rounds, session, bet, amountOf(settled.payoutMinor), {
              game,
              result: settled.result,
              hand: { ...hand, player: hand.player.map(cardCode), dealer: hand.dealer.map(cardCode) },
            });
          }
          const hand = dealAndarBahar(rng);
          const settled = settleAndarBaharBet(side as AndarBaharSide, betMinor, hand);
          return payRound(rounds, session, bet, amountOf(settled.payoutMinor), {
            game,
            side,
            result: settled.result,
            hand: {
              ...hand,
              joker: cardCode(hand.joker),
              andar: hand.andar.map(cardCode),
              bahar: hand.bahar.map(cardCode),
            },
          });
        });
      },
    );
  },
};

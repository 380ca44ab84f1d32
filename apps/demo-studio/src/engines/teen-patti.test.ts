import { describe, expect, it } from 'vitest';
import { decks, parseCard, stackedShoe } from './cards.ts';
import { EngineError } from './errors.ts';
import { seededRng } from './rng.ts';
import {
  compareHands,
  dealTeenPatti,
  evaluateHand,
  playTeenPatti,
  settleTeenPattiAnte,
  TEEN_PATTI_HOUSE_EDGE_PERCENT,
  teenPattiHouseEdgePercent,
} from './teen-patti.ts';

const hand = (codes: string) => codes.split(' ').map(parseCard);
const cmp = (a: string, b: string) => compareHands(hand(a), hand(b));

describe('teen patti ranking', () => {
  it('names each category', () => {
    expect(evaluateHand(hand('5s 5h 5d')).category).toBe('trail');
    expect(evaluateHand(hand('4h 5h 6h')).category).toBe('pureSequence');
    expect(evaluateHand(hand('4h 5s 6h')).category).toBe('sequence');
    expect(evaluateHand(hand('2h 9h Kh')).category).toBe('colour');
    expect(evaluateHand(hand('9s 9h Kh')).category).toBe('pair');
    expect(evaluateHand(hand('2s 9h Kh')).category).toBe('highCard');
  });

  it('orders trail > pure sequence > sequence > colour > pair > high card', () => {
    expect(cmp('2s 2h 2d', 'Ah Kh Qh')).toBe(1);
    expect(cmp('2h 3h 4h', 'As Kh Qh')).toBe(1);
    expect(cmp('2h 3s 4h', 'Ah Kh 9h')).toBe(1);
    expect(cmp('2h 3h 5h', 'As Ah Kh')).toBe(1);
    expect(cmp('2s 2h 3h', 'As Kh Jd')).toBe(1);
  });

  it('A-K-Q is the best sequence, A-2-3 the second, then K-Q-J; aces are high elsewhere', () => {
    expect(cmp('As Kh Qd', 'Ac 2h 3d')).toBe(1);
    expect(cmp('Ac 2h 3d', 'Ks Qh Jd')).toBe(1);
    expect(cmp('Ks Qh Jd', '2s 3h 4d')).toBe(1);
    expect(cmp('As Ah Ad', 'Ks Kh Kd')).toBe(1);
    expect(cmp('As Ah 2d', 'Ks Kh Qd')).toBe(1);
    expect(cmp('9s 9h Ad', '9c 9d Kd')).toBe(1); // pair, then kicker
    expect(cmp('As 7h 2d', 'Ks Qh 9c')).toBe(1);
    expect(cmp('Ks Jh 9d', 'Kc Jd 8c')).toBe(1);
    expect(cmp('Ks Jh 9d', 'Kc Jd 9c')).toBe(0); // suits never break ties
    expect(cmp('Ah Qh 2h', 'As Qs 2s')).toBe(0);
  });

  it('counts the 22,100 three-card hands per category', () => {
    const deck = decks(1);
    const counts: Record<string, number> = {};
    for (let i = 0; i < 52; i++) {
      for (let j = i + 1; j < 52; j++) {
        for (let k = j + 1; k < 52; k++) {
          const c = evaluateHand([deck[i]!, deck[j]!, deck[k]!]).category;
          counts[c] = (counts[c] ?? 0) + 1;
        }
      }
    }
    expect(counts).toEqual({ trail: 52, pureSequence: 48, sequence: 720, colour: 1096, pair: 3744, highCard: 16440 });
  });
});

describe('teen patti against the house', () => {
  it('deals alternately and settles the ante: win 0.95:1 rounded down, tie push, loss', () => {
    const win = playTeenPatti(stackedShoe(['As', '2c', 'Ah', '7d', 'Ad', '9h']));
    expect(win).toMatchObject({ outcome: 'player', playerHand: 'trail', dealerHand: 'highCard' });
    expect(settleTeenPattiAnte(100n, win)).toEqual({ result: 'win', payoutMinor: 195n });
    expect(settleTeenPattiAnte(15n, win).payoutMinor).toBe(29n);
    const tie = playTeenPatti(stackedShoe(['Ks', 'Kc', 'Jh', 'Jd', '9d', '9c']));
    expect(settleTeenPattiAnte(100n, tie)).toEqual({ result: 'push', payoutMinor: 100n });
    const lose = playTeenPatti(stackedShoe(['2c', 'As', '7d', 'Ah', '9h', 'Ad']));
    expect(settleTeenPattiAnte(100n, lose)).toEqual({ result: 'lose', payoutMinor: 0n });
    expect(() => settleTeenPattiAnte(0n, lose)).toThrow(EngineError);
  });

  it('exact edge by enumeration of ties: 2.4972 %', () => {
    expect(teenPattiHouseEdgePercent()).toBeCloseTo(TEEN_PATTI_HOUSE_EDGE_PERCENT, 4);
  });

  it('simulated rounds: wins and losses equally likely, RTP within ±0.5 pp', () => {
    const rng = seededRng('teen-patti');
    const n = 200_000;
    let wins = 0;
    let losses = 0;
    let returned = 0n;
    for (let i = 0; i < n; i++) {
      const r = dealTeenPatti(rng);
      if (r.outcome === 'player') wins++;
      if (r.outcome === 'dealer') losses++;
      returned += settleTeenPattiAnte(100n, r).payoutMinor;
    }
    expect(Math.abs(wins - losses)).toBeLessThan(4 * Math.sqrt(n));
    const rtp = (Number(returned) / (n * 100)) * 100;
    expect(Math.abs(rtp - (100 - TEEN_PATTI_HOUSE_EDGE_PERCENT))).toBeLessThan(0.5);
  });
});

import { type Card, type CardSource, cardValue } from './shoe.ts';

export type Outcome = 'player' | 'banker' | 'tie';

export interface Round {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  outcome: Outcome;
  /** The player's first two cards have the same rank (K-K yes, K-Q no). */
  playerPair: boolean;
  bankerPair: boolean;
}

export function handTotal(cards: readonly Card[]): number {
  return cards.reduce((sum, card) => sum + cardValue(card), 0) % 10;
}

/** Checked on the first two cards of both hands; if either is a natural, nobody draws. */
export function isNatural(twoCardTotal: number): boolean {
  return twoCardTotal >= 8;
}

/** The player draws on 0–5 and stands on 6–7. */
export function playerDraws(playerTotal: number): boolean {
  return playerTotal <= 5;
}

/**
 * The banker's rule on a two-card total of 0–7. When the player stood, the banker draws on 0–5 like the player.
 * Otherwise it depends on the value of the player's third card:
 *   0–2 draw; 3 draws unless it is 8; 4 draws on 2–7; 5 draws on 4–7; 6 draws on 6–7; 7 stands.
 */
export function bankerDraws(bankerTotal: number, playerThirdValue: number | null): boolean {
  if (playerThirdValue === null) return bankerTotal <= 5;
  const p = playerThirdValue;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return p !== 8;
    case 4:
      return p >= 2 && p <= 7;
    case 5:
      return p >= 4 && p <= 7;
    case 6:
      return p === 6 || p === 7;
    default:
      return false;
  }
}

/** One coup of punto banco: cards go player, banker, player, banker, then the third cards by the tableau. */
export function dealRound(shoe: CardSource): Round {
  shoe.beginRound();
  const player = [shoe.draw()];
  const banker = [shoe.draw()];
  player.push(shoe.draw());
  banker.push(shoe.draw());

  const playerTwo = handTotal(player);
  const bankerTwo = handTotal(banker);
  if (!isNatural(playerTwo) && !isNatural(bankerTwo)) {
    let playerThird: Card | null = null;
    if (playerDraws(playerTwo)) {
      playerThird = shoe.draw();
      player.push(playerThird);
    }
    if (bankerDraws(bankerTwo, playerThird && cardValue(playerThird))) banker.push(shoe.draw());
  }

  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    outcome: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    playerPair: player[0]!.rank === player[1]!.rank,
    bankerPair: banker[0]!.rank === banker[1]!.rank,
  };
}

import type { DrawResult } from '../api/lottery-types';

/** How a result is shown: a Win Go number (with its colours), K3 dice, or plain balls. */
export type ResultView =
  | { kind: 'wingo'; number: number; colours: string[]; size: 'big' | 'small' }
  | { kind: 'dice'; dice: number[]; sum: number }
  | { kind: 'balls'; balls: number[]; special?: number };

/** Win Go's colours: 0 is red and violet, 5 green and violet, other odd numbers green, other even numbers red. */
export function wingoColours(number: number): string[] {
  if (number === 0) return ['red', 'violet'];
  if (number === 5) return ['green', 'violet'];
  return number % 2 === 1 ? ['green'] : ['red'];
}

const isNumberList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'number');

/** Reads a result of any group; the groups added later answer their numbers as the first list of numbers. */
export function viewOf(result: DrawResult | null | undefined): ResultView | null {
  if (!result) return null;
  if (typeof result.number === 'number') {
    const number = result.number;
    return { kind: 'wingo', number, colours: wingoColours(number), size: number >= 5 ? 'big' : 'small' };
  }
  if (isNumberList(result.dice)) {
    return { kind: 'dice', dice: result.dice, sum: result.dice.reduce((sum, die) => sum + die, 0) };
  }
  // 5D/SSC digits, 11X5 balls, the PK10 ranking, the LHC main numbers with their special number.
  const balls = [result.digits, result.balls, result.ranking, result.numbers].find(isNumberList);
  if (!balls) return null;
  return typeof result.special === 'number'
    ? { kind: 'balls', balls, special: result.special }
    : { kind: 'balls', balls };
}

/** The numbers of a result that the trend counts: the Win Go number, each die, each ball. */
export function numbersOf(view: ResultView): number[] {
  if (view.kind === 'wingo') return [view.number];
  if (view.kind === 'dice') return view.dice;
  return view.balls;
}

/** The value whose size and parity streaks are followed: the Win Go number, the dice's sum, the balls' sum. */
export function totalOf(view: ResultView): number {
  if (view.kind === 'wingo') return view.number;
  if (view.kind === 'dice') return view.sum;
  return view.balls.reduce((sum, ball) => sum + ball, 0);
}

/** A draw's number as players read it: a Vietnamese draw's is its day (yyyyMMdd → dd/MM/yyyy). */
export function numeroLabel(gameGroupCode: string, numero: string): string {
  if (gameGroupCode !== 'VN' || !/^\d{8}$/.test(numero)) return numero;
  return `${numero.slice(6, 8)}/${numero.slice(4, 6)}/${numero.slice(0, 4)}`;
}

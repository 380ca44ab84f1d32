/**
 * Provably-fair dice, shared by the server (which settles bets) and the browser (which lets a player verify them).
 * Only Web Crypto and TextEncoder are used, so the same code runs in Node 20 and in every modern browser.
 *
 * The roll, exactly, so that anyone can reimplement it:
 *
 *  1. The server seed is 32 random bytes written as 64 lowercase hex characters. Before any bet the server publishes
 *     its commitment: the lowercase hex SHA-256 of the ASCII text of those 64 characters (not of the 32 raw bytes).
 *  2. The player chooses a client seed: 1–64 printable ASCII characters, no space, no colon.
 *     Each bet has a nonce: an integer counting up from 0 for this pair of seeds.
 *  3. digest = HMAC-SHA256(key = ASCII text of the server seed, message = `${clientSeed}:${nonce}`), where the nonce is
 *     written in decimal without leading zeros. The 32-byte digest is read as eight 4-byte big-endian unsigned
 *     integers, in order.
 *  4. The first of those integers that is below 4294960000 (the largest multiple of 10000 not above 2^32) gives the
 *     roll: integer mod 10000. Integers at or above 4294960000 are skipped, so every roll is exactly equally likely.
 *  5. If all eight are skipped, repeat steps 3–4 with the message `${clientSeed}:${nonce}:${round}` for
 *     round = 1, 2, 3, … until a roll is found.
 *  6. The roll is an integer 0–9999, shown as 0.00–99.99 (roll / 100).
 *
 * Bet rules: "under" wins when roll < target, "over" wins when roll > target; a roll equal to the target loses in
 * both directions. The target is in the same units as the roll (0–9999 = 0.00–99.99). The win chance in basis points
 * is target for "under" and 9999 − target for "over". The payout multiplier is 0.99 / chance, kept as an integer in
 * ten-thousandths and rounded down: floor(99_000_000 / chanceBp). A win pays floor(stake × multiplierE4 / 10000).
 */

export const DICE_RTP = 0.99;
/** Number of equally likely rolls, 0..9999. */
export const DICE_OUTCOMES = 10_000;
/** Win chance limits in basis points (1.00% and 98.00%). */
export const DICE_MIN_CHANCE_BP = 100;
export const DICE_MAX_CHANCE_BP = 9_800;
/** A 4-byte group at or above this is rejected: 429_496 × 10000, the largest multiple of 10000 not above 2^32. */
export const DICE_REJECT_THRESHOLD = 4_294_960_000;

/** 0.99 × 10^4 (multiplier in ten-thousandths) × 10^4 (chance in basis points): multiplierE4 = floor(this / chanceBp). */
const RTP_NUMERATOR = 99_000_000;

export type DiceDirection = 'under' | 'over';

const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
/** Printable ASCII except space and ':'; the colon separates the parts of the HMAC message. */
const CLIENT_SEED_PATTERN = /^[!-9;-~]{1,64}$/;

export function isValidServerSeed(serverSeedHex: string): boolean {
  return SERVER_SEED_PATTERN.test(serverSeedHex);
}

export function isValidClientSeed(clientSeed: string): boolean {
  return CLIENT_SEED_PATTERN.test(clientSeed);
}

export function isValidNonce(nonce: number): boolean {
  return Number.isSafeInteger(nonce) && nonce >= 0;
}

/** A fresh server seed: 32 random bytes as 64 lowercase hex characters. */
export function generateServerSeed(): string {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

/** The commitment published before play: lowercase hex SHA-256 of the seed's ASCII text. */
export async function hashServerSeed(serverSeedHex: string): Promise<string> {
  assertServerSeed(serverSeedHex);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', encode(serverSeedHex));
  return toHex(new Uint8Array(digest));
}

/** One 4-byte group to a roll 0..9999, or null when the group is rejected (≥ DICE_REJECT_THRESHOLD). */
export function groupToRoll(group: number): number | null {
  return group < DICE_REJECT_THRESHOLD ? group % DICE_OUTCOMES : null;
}

/** The roll from one 32-byte digest: the first group that is not rejected, or null when all eight are. */
export function rollFromDigest(digest: Uint8Array): number | null {
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  for (let offset = 0; offset + 4 <= digest.byteLength; offset += 4) {
    const roll = groupToRoll(view.getUint32(offset, false));
    if (roll !== null) return roll;
  }
  return null;
}

export type HmacSha256 = (message: string) => Promise<Uint8Array>;

/** Steps 3–5 of the algorithm with the HMAC supplied, so the extra-round path can be tested. */
export async function rollWithHmac(hmac: HmacSha256, clientSeed: string, nonce: number): Promise<number> {
  assertClientSeedAndNonce(clientSeed, nonce);
  for (let round = 0; ; round++) {
    const message = round === 0 ? `${clientSeed}:${nonce}` : `${clientSeed}:${nonce}:${round}`;
    const roll = rollFromDigest(await hmac(message));
    if (roll !== null) return roll;
  }
}

/** HMAC-SHA256 keyed with the server seed; the key is imported once, which matters when rolling many nonces. */
export async function serverSeedHmac(serverSeedHex: string): Promise<HmacSha256> {
  assertServerSeed(serverSeedHex);
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    encode(serverSeedHex),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return async (message) => new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, encode(message)));
}

/** The roll 0..9999 (0.00–99.99) of one bet. */
export async function diceRoll(serverSeedHex: string, clientSeed: string, nonce: number): Promise<number> {
  return rollWithHmac(await serverSeedHmac(serverSeedHex), clientSeed, nonce);
}

/** Win chance in basis points; the target equal to the roll never wins, hence 9999 − target for "over". */
export function diceChanceBp(direction: DiceDirection, target: number): number {
  return direction === 'under' ? target : DICE_OUTCOMES - 1 - target;
}

/** Allowed targets: those with a chance of 1.00%–98.00% (under: 100–9800, over: 199–9899). */
export function diceTargetRange(direction: DiceDirection): { min: number; max: number } {
  return direction === 'under'
    ? { min: DICE_MIN_CHANCE_BP, max: DICE_MAX_CHANCE_BP }
    : { min: DICE_OUTCOMES - 1 - DICE_MAX_CHANCE_BP, max: DICE_OUTCOMES - 1 - DICE_MIN_CHANCE_BP };
}

export function isValidDiceTarget(direction: DiceDirection, target: number): boolean {
  if (direction !== 'under' && direction !== 'over') return false;
  const { min, max } = diceTargetRange(direction);
  return Number.isInteger(target) && target >= min && target <= max;
}

/** 0.99 / chance in ten-thousandths, rounded down: 5000 bp → 19800 (×1.98). */
export function diceMultiplierE4(chanceBp: number): number {
  if (!Number.isInteger(chanceBp) || chanceBp < DICE_MIN_CHANCE_BP || chanceBp > DICE_MAX_CHANCE_BP) {
    throw new RangeError(`Dice chance out of range: ${chanceBp}`);
  }
  return Math.floor(RTP_NUMERATOR / chanceBp);
}

/** Strict on both sides: a roll equal to the target loses. */
export function diceWins(direction: DiceDirection, target: number, roll: number): boolean {
  return direction === 'under' ? roll < target : roll > target;
}

export interface DiceBet {
  direction: DiceDirection;
  target: number;
  roll: number;
  stakeMinor: bigint;
}

export interface DiceSettlement {
  win: boolean;
  /** Total paid back on a win (stake included), 0n on a loss. */
  payoutMinor: bigint;
  multiplierE4: number;
}

export function settleDice({ direction, target, roll, stakeMinor }: DiceBet): DiceSettlement {
  if (!isValidDiceTarget(direction, target)) throw new RangeError(`Invalid dice target: ${direction} ${target}`);
  if (!Number.isInteger(roll) || roll < 0 || roll >= DICE_OUTCOMES) throw new RangeError(`Invalid dice roll: ${roll}`);
  if (stakeMinor <= 0n) throw new RangeError('Dice stake must be positive');
  const multiplierE4 = diceMultiplierE4(diceChanceBp(direction, target));
  const win = diceWins(direction, target, roll);
  const payoutMinor = win ? (stakeMinor * BigInt(multiplierE4)) / 10_000n : 0n;
  return { win, payoutMinor, multiplierE4 };
}

function assertServerSeed(serverSeedHex: string): void {
  if (!isValidServerSeed(serverSeedHex)) throw new RangeError('Server seed must be 64 lowercase hex characters');
}

function assertClientSeedAndNonce(clientSeed: string, nonce: number): void {
  if (!isValidClientSeed(clientSeed)) throw new RangeError('Client seed must be 1–64 printable characters, no colon');
  if (!isValidNonce(nonce)) throw new RangeError(`Invalid nonce: ${nonce}`);
}

function encode(text: string) {
  return new TextEncoder().encode(text);
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

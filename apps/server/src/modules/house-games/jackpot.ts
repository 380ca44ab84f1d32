import type { JackpotValue } from '@portal/shared/house-games';
import { fromMinor } from '@portal/shared/money';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { type SharedCaches, SharedValue } from '../../http/shared-caches.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { HOUSE_CURRENCY, houseAccount, JACKPOT_CODE } from './install.ts';

interface Pool {
  accountId: string;
  shareBp: number;
  seedMinor: bigint;
}

/** How long the pool's amount shown on pages may be old. */
const AMOUNT_CACHE_MS = 2_000;

/**
 * The slot's progressive jackpot. Its money is a ledger account: every real-money stake moves a share from the
 * house vendor's clearing account into it, and a winning round claims all of it (the house seeds the pool again in
 * the same transaction) before the round's win pays the player through the wallet.
 */
export class Jackpot {
  /** The rules, until the operator changes them on any node. */
  private readonly pool: SharedValue<Pool>;
  private shown: { value: JackpotValue; at: number } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly caches: SharedCaches,
  ) {
    this.pool = new SharedValue(caches, ['jackpot'], () => this.readRules());
  }

  async shareBp(): Promise<number> {
    return (await this.rules()).shareBp;
  }

  /** The pool now, for the counters (at most a couple of seconds old). */
  async amount(): Promise<JackpotValue> {
    if (this.shown && Date.now() - this.shown.at < AMOUNT_CACHE_MS) return this.shown.value;
    const { accountId } = await this.rules();
    const value = { amount: fromMinor(await this.ledger.balance(accountId)), currency: HOUSE_CURRENCY };
    this.shown = { value, at: Date.now() };
    return value;
  }

  /** Moves the pool's share of a real-money stake into it, once per round whatever the retries. */
  async contribute(roundId: string, stakeMinor: bigint, clearingAccountId: string): Promise<void> {
    const { accountId, shareBp } = await this.rules();
    const share = (stakeMinor * BigInt(shareBp)) / 10_000n;
    if (share === 0n) return;
    await this.ledger.post({
      type: 'adjustment',
      reference: `jackpot:${JACKPOT_CODE}:${roundId}`,
      idempotencyKey: `jackpot:${JACKPOT_CODE}:in:${roundId}`,
      lines: [
        { accountId: clearingAccountId, amountMinor: -share },
        { accountId, amountMinor: share },
      ],
    });
  }

  /**
   * Claims the whole pool for a winning round, once: the pool's row is locked so two winners cannot both take it,
   * and the amount is kept on the round so a retry pays exactly the same. Returns what the round won.
   */
  async claim(roundId: string, clearingAccountId: string): Promise<bigint> {
    const { accountId, seedMinor } = await this.rules();
    const house = await houseAccount(this.ledger);
    const won = await this.ledger.transaction(async ({ trx, post, balance }) => {
      await trx.selectFrom('jackpot_pools').select('code').where('code', '=', JACKPOT_CODE).forUpdate().execute();
      const round = await trx
        .selectFrom('house_rounds')
        .select('jackpot_minor')
        .where('round_id', '=', roundId)
        .executeTakeFirstOrThrow();
      if (round.jackpot_minor !== null) return BigInt(round.jackpot_minor);
      const amount = await balance(accountId);
      if (amount > 0n) {
        await post({
          type: 'adjustment',
          reference: `jackpot:${JACKPOT_CODE}:${roundId}`,
          idempotencyKey: `jackpot:${JACKPOT_CODE}:out:${roundId}`,
          lines: [
            { accountId, amountMinor: -amount },
            { accountId: clearingAccountId, amountMinor: amount },
          ],
        });
      }
      if (seedMinor > 0n) {
        await post({
          type: 'adjustment',
          reference: `jackpot:${JACKPOT_CODE}:seed`,
          idempotencyKey: `jackpot:${JACKPOT_CODE}:seed:${roundId}`,
          lines: [
            { accountId: house, amountMinor: -seedMinor },
            { accountId, amountMinor: seedMinor },
          ],
        });
      }
      await trx
        .updateTable('house_rounds')
        .set({ jackpot_minor: amount.toString(), updated_at: new Date() })
        .where('round_id', '=', roundId)
        .execute();
      await trx
        .updateTable('jackpot_pools')
        .set((eb) => ({ wins: eb('wins', '+', 1), updated_at: new Date() }))
        .where('code', '=', JACKPOT_CODE)
        .execute();
      return amount;
    });
    this.shown = null;
    return won;
  }

  /** What the operator sees: the pool now, its rules and how often it was won. */
  async describe() {
    const row = await this.db
      .selectFrom('jackpot_pools')
      .select(['code', 'currency', 'share_bp', 'seed_minor', 'wins'])
      .where('code', '=', JACKPOT_CODE)
      .executeTakeFirstOrThrow();
    this.shown = null;
    return {
      code: row.code,
      currency: row.currency,
      amount: (await this.amount()).amount,
      shareBp: row.share_bp,
      seed: fromMinor(BigInt(row.seed_minor)),
      wins: row.wins,
    };
  }

  /** The operator's rules: the share of each stake that feeds the pool, and what the house puts back after a win. */
  async configure(change: { shareBp?: number; seedMinor?: bigint }, unit: UnitOfWork): Promise<void> {
    await unit.trx
      .updateTable('jackpot_pools')
      .set({
        ...(change.shareBp === undefined ? {} : { share_bp: change.shareBp }),
        ...(change.seedMinor === undefined ? {} : { seed_minor: change.seedMinor.toString() }),
        updated_at: new Date(),
      })
      .where('code', '=', JACKPOT_CODE)
      .execute();
    unit.afterCommit(() => this.caches.changed('jackpot'));
  }

  private rules(): Promise<Pool> {
    return this.pool.get();
  }

  private async readRules(): Promise<Pool> {
    const row = await this.db
      .selectFrom('jackpot_pools')
      .select(['account_id', 'share_bp', 'seed_minor'])
      .where('code', '=', JACKPOT_CODE)
      .executeTakeFirstOrThrow();
    return { accountId: row.account_id, shareBp: row.share_bp, seedMinor: BigInt(row.seed_minor) };
  }
}

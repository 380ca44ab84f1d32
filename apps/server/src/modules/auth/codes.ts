import { timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { numericCode, sha256 } from '../../common/secrets.ts';
import type { Database, VerificationCodesTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

type Purpose = VerificationCodesTable['purpose'];
const MAX_ATTEMPTS = 5;

/**
 * One-time codes sent by SMS or e-mail, and reset-link secrets. A new code replaces the earlier ones for the same
 * purpose and target; a code is used at most once and survives at most five wrong guesses.
 */
export class VerificationCodes {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new code (or `secret`), replacing the live ones; in `trx` when the issue is part of a larger change. */
  async issue(
    purpose: Purpose,
    target: string,
    ttlMinutes: number,
    secret = numericCode(),
    trx?: Transaction<Database>,
  ): Promise<string> {
    const write = async (trx: Transaction<Database>) => {
      await trx
        .updateTable('verification_codes')
        .set({ consumed_at: new Date() })
        .where('purpose', '=', purpose)
        .where('target', '=', target)
        .where('consumed_at', 'is', null)
        .execute();
      await trx
        .insertInto('verification_codes')
        .values({
          purpose,
          target,
          code_hash: sha256(secret),
          expires_at: new Date(Date.now() + ttlMinutes * 60_000),
          consumed_at: null,
        })
        .execute();
    };
    if (trx) await write(trx);
    else await this.db.transaction().execute(write);
    return secret;
  }

  /** Uses up the code or throws the catalogue's missing / not valid / expired error. */
  async consume(purpose: Purpose, target: string, code: string | undefined): Promise<void> {
    await this.use(this.db, await this.check(purpose, target, code));
  }

  /**
   * The id of the live code matching `code`, or the catalogue's missing / not valid / expired error. A wrong guess is
   * counted at once, in a statement of its own, so it counts even when the change it was for is rolled back.
   */
  async check(purpose: Purpose, target: string, code: string | undefined): Promise<string> {
    if (!code) throw new AppError(400, 'VERIFICATION_CODE_MISSING');
    const row = await this.db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash', 'attempts', 'expires_at'])
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .where('consumed_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row || row.attempts >= MAX_ATTEMPTS) throw new AppError(400, 'VERIFICATION_CODE_INVALID');
    if (new Date(row.expires_at).getTime() <= Date.now()) throw new AppError(400, 'VERIFICATION_CODE_EXPIRED');
    if (!timingSafeEqual(Buffer.from(row.code_hash, 'hex'), Buffer.from(sha256(code), 'hex'))) {
      await this.db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      throw new AppError(400, 'VERIFICATION_CODE_INVALID');
    }
    return row.id;
  }

  /** Uses up a code `check` found, in `executor` (the change it proves, with its audit row, when it has one). */
  async use(executor: Kysely<Database>, id: string): Promise<void> {
    // The consumed_at condition makes two simultaneous uses of one code succeed once.
    const used = await executor
      .updateTable('verification_codes')
      .set({ consumed_at: new Date() })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (used.numUpdatedRows === 0n) throw new AppError(400, 'VERIFICATION_CODE_INVALID');
  }

  /** The target of a live reset-link secret, without using it up. */
  async peekSecret(purpose: Purpose, secret: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('verification_codes')
      .select('target')
      .where('purpose', '=', purpose)
      .where('code_hash', '=', sha256(secret))
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row?.target ?? null;
  }

  /** Uses up a reset-link secret in `trx` and returns its target, or null when it is unknown, used or expired. */
  async consumeSecret(purpose: Purpose, secret: string, trx: Transaction<Database>): Promise<string | null> {
    const row = await trx
      .updateTable('verification_codes')
      .set({ consumed_at: new Date() })
      .where('purpose', '=', purpose)
      .where('code_hash', '=', sha256(secret))
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('target')
      .executeTakeFirst();
    return row?.target ?? null;
  }
}

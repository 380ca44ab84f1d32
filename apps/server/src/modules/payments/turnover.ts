import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Ledger } from '../wallet/ledger.ts';

export interface TurnoverStatus {
  requiredMinor: bigint;
  doneMinor: bigint;
  remainingMinor: bigint;
}

/**
 * The wagering a member still owes. Requirements (a share of each deposit, later bonuses) are met by net stakes
 * (bets less refunds) placed after them, in order: stakes beyond what is owed do not count towards a later
 * deposit. What is shown is the current cycle: what has been required since the member last owed nothing. The
 * stakes are the wallet's to count (its journal); the requirements are ours.
 */
export async function turnoverOf(
  db: Kysely<Database>,
  ledger: Ledger,
  memberId: string,
  cashAccountId: string | null,
): Promise<TurnoverStatus> {
  const requirements = await db
    .selectFrom('turnover_requirements')
    // As ISO text with microseconds: a JavaScript date would round a boundary and move a bet across it.
    .select([
      'required_minor',
      sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('starts'),
    ])
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (requirements.length === 0 || cashAccountId === null) {
    const owed = requirements.reduce((sum, r) => sum + BigInt(r.required_minor), 0n);
    return { requiredMinor: owed, doneMinor: 0n, remainingMinor: owed };
  }
  // Net stakes in each interval between one requirement and the next (the last one runs to now).
  const stakes = await ledger.stakesByPeriod(
    cashAccountId,
    requirements.map((requirement) => requirement.starts),
  );

  let owed = 0n;
  let required = 0n;
  let done = 0n;
  requirements.forEach((requirement, index) => {
    if (owed === 0n) {
      required = 0n;
      done = 0n;
    }
    owed += BigInt(requirement.required_minor);
    required += BigInt(requirement.required_minor);
    const staked = stakes[index] ?? 0n;
    const counted = staked > owed ? owed : staked > 0n ? staked : 0n;
    owed -= counted;
    done += counted;
  });
  return { requiredMinor: required, doneMinor: done, remainingMinor: owed };
}

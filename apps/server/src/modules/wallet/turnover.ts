import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface TurnoverStatus {
  requiredMinor: bigint;
  doneMinor: bigint;
  remainingMinor: bigint;
}

/**
 * The wagering a member still owes. Requirements (a share of each deposit, later bonuses) are met by net stakes
 * (bets less refunds) placed after them, in order: stakes beyond what is owed do not count towards a later
 * deposit. What is shown is the current cycle: what has been required since the member last owed nothing.
 */
export async function turnoverOf(db: Kysely<Database>, memberId: string, cashAccountId: string | null) {
  const requirements = await db
    .selectFrom('turnover_requirements')
    .select(['required_minor', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (requirements.length === 0 || cashAccountId === null) {
    const owed = requirements.reduce((sum, r) => sum + BigInt(r.required_minor), 0n);
    return { requiredMinor: owed, doneMinor: 0n, remainingMinor: owed };
  }
  // Net stakes in each interval between one requirement and the next (the last one runs to now).
  const stakes = await sql<{ bucket: number; staked: string }>`
    WITH marks AS (
      SELECT created_at AS starts, lead(created_at) OVER (ORDER BY created_at, id) AS ends,
             row_number() OVER (ORDER BY created_at, id) AS bucket
        FROM turnover_requirements WHERE member_id = ${memberId}
    )
    SELECT m.bucket::int AS bucket, coalesce(sum(-l.amount_minor), 0)::text AS staked
      FROM marks m
      JOIN journal_lines l ON l.account_id = ${cashAccountId}
       AND l.created_at >= m.starts AND (m.ends IS NULL OR l.created_at < m.ends)
      JOIN journal_entries e ON e.id = l.entry_id AND e.type IN ('bet', 'refund')
     GROUP BY m.bucket`.execute(db);
  const stakedIn = new Map(stakes.rows.map((row) => [Number(row.bucket), BigInt(row.staked)]));

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
    const staked = stakedIn.get(index + 1) ?? 0n;
    const counted = staked > owed ? owed : staked > 0n ? staked : 0n;
    owed -= counted;
    done += counted;
  });
  return { requiredMinor: required, doneMinor: done, remainingMinor: owed } satisfies TurnoverStatus;
}

import type { Kysely, Transaction } from 'kysely';
import type { Database, MemberIdentitiesTable } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;
type Provider = MemberIdentitiesTable['provider'];

/** Links of members to the subject ids of social sign-in providers. */

export async function memberOf(db: Executor, provider: Provider, subject: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('member_identities')
    .select('member_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.member_id;
}

/** Links the subject to the member unless it is linked already (the first link wins). */
export async function link(db: Executor, provider: Provider, subject: string, memberId: string, email: string | null) {
  await db
    .insertInto('member_identities')
    .values({ provider, subject, member_id: memberId, email })
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .execute();
}

-- The seed clock: the demo seed (db/seed/team.ts) writes a month of a team's deposits and withdrawals, and the times
-- of their journal entries must be that month's, not the minute the seed ran. The posting functions are unchanged:
-- the time their rows carry comes from the column default, which reads the transaction-local setting
-- 'ledger.seed_clock' when it is set and is now() otherwise. Only the seed's path sets it (Ledger.transactionInPast),
-- always transaction-local, so it ends with that transaction; see docs/decisions.md, "The demo team's past".
-- Its first definition, for the defaults below; the current one is db/functions/ledger_clock.sql.
CREATE FUNCTION ledger_clock() RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(current_setting('ledger.seed_clock', true), '')::timestamptz, now())
$$;

ALTER TABLE journal_entries ALTER COLUMN created_at SET DEFAULT ledger_clock();
ALTER TABLE journal_lines ALTER COLUMN created_at SET DEFAULT ledger_clock();

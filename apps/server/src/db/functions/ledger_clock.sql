-- The time journal rows are written at (their column default): now(), or, inside the demo seed's own transactions
-- only, the past moment it set in 'ledger.seed_clock' (migration 0044_seed_clock, Ledger.transactionInPast).
CREATE OR REPLACE FUNCTION ledger_clock() RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(current_setting('ledger.seed_clock', true), '')::timestamptz, now())
$$;

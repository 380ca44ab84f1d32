-- Posts one journal entry: locks the balance rows it moves first (lock order, docs/decisions.md: balance rows first,
-- in ascending id, before the key), then posts as ledger_post_held does. One row per line comes back.
CREATE OR REPLACE FUNCTION ledger_post(
  p_key text, p_hash text, p_type text, p_reference text, p_reverses bigint,
  p_accounts bigint[], p_amounts bigint[]
) RETURNS TABLE (entry_id bigint, replayed boolean, request_hash text,
                 account_id bigint, amount_minor bigint, balance_after_minor bigint)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (p_accounts) AND a.tracks_balance ORDER BY a.id
    FOR NO KEY UPDATE;
  RETURN QUERY SELECT * FROM ledger_post_held(p_key, p_hash, p_type, p_reference, p_reverses, p_accounts, p_amounts);
END $$;

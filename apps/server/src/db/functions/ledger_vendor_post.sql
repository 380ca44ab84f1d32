-- Posts `p_amount` to the member's account (negative: a debit) against the vendor's clearing account, under the
-- ledger's own idempotency key; `replayed` when that key was already used. ledger_vendor_calls holds the member's
-- balance row already.
CREATE OR REPLACE FUNCTION ledger_vendor_post(
  p_key text, p_hash text, p_type text, p_reference text, p_account bigint, p_clearing bigint, p_amount bigint
) RETURNS TABLE (replayed boolean, entry_id bigint, balance_minor bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_line record;
BEGIN
  FOR v_line IN
    SELECT * FROM ledger_post_held(p_key, p_hash, p_type, p_reference, NULL,
      CASE WHEN p_account < p_clearing THEN ARRAY[p_account, p_clearing] ELSE ARRAY[p_clearing, p_account] END,
      CASE WHEN p_account < p_clearing THEN ARRAY[p_amount, -p_amount] ELSE ARRAY[-p_amount, p_amount] END)
  LOOP
    replayed := v_line.replayed;
    entry_id := v_line.entry_id;
    IF v_line.account_id = p_account THEN
      balance_minor := v_line.balance_after_minor;
    END IF;
  END LOOP;
  RETURN NEXT;
END $$;

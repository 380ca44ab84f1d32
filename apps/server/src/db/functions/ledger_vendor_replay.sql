-- The answer to a vendor transaction id seen before: the stored one when the request is the same, else a refusal.
CREATE OR REPLACE FUNCTION ledger_vendor_replay(p_vendor text, p_tx text, p_kind text, p_hash text, p_account bigint)
RETURNS TABLE (replayed boolean, entry_id bigint, balance_minor bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_kind text;
  v_status text;
  v_hash text;
  v_entry bigint;
  v_balance bigint;
BEGIN
  SELECT t.kind, t.status, t.request_hash, t.entry_id, t.balance_after_minor
    INTO v_kind, v_status, v_hash, v_entry, v_balance
    FROM vendor_transactions t WHERE t.vendor_code = p_vendor AND t.tx_id = p_tx;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'vendor transaction % of % vanished', p_tx, p_vendor;
  END IF;
  IF v_status = 'voided' AND p_kind = 'bet' THEN
    PERFORM ledger_vendor_refuse('BET_ROLLED_BACK', ledger_vendor_balance(p_account));
  END IF;
  IF v_kind <> p_kind OR v_status = 'voided' OR v_hash <> p_hash THEN
    PERFORM ledger_vendor_refuse('DUPLICATE_TRANSACTION', NULL);
  END IF;
  RETURN QUERY SELECT true, v_entry, v_balance;
END $$;

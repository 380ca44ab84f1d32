-- A vendor's bet (one call of ledger_vendor_calls, which holds the member's balance row already): answers a
-- transaction id seen before as it was answered, refuses what the caller's precondition refused (`p_refusal`),
-- posts the stake, refuses a bet in a closed round, and records the bet with the balance answered.
CREATE OR REPLACE FUNCTION ledger_vendor_bet(
  p_vendor text, p_tx text, p_hash text, p_member bigint, p_account bigint, p_clearing bigint,
  p_round text, p_node text, p_amount bigint, p_currency text, p_refusal text
) RETURNS TABLE (replayed boolean, entry_id bigint, balance_minor bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_replayed boolean;
  v_entry bigint;
  v_balance bigint;
BEGIN
  IF EXISTS (SELECT 1 FROM vendor_transactions t WHERE t.vendor_code = p_vendor AND t.tx_id = p_tx) THEN
    RETURN QUERY SELECT * FROM ledger_vendor_replay(p_vendor, p_tx, 'bet', p_hash, p_account);
    RETURN;
  END IF;

  -- The caller's precondition (a live launch session, an active member) refused this bet.
  IF p_refusal IS NOT NULL THEN
    PERFORM ledger_vendor_refuse(p_refusal, ledger_vendor_balance(p_account));
  END IF;

  SELECT p.replayed, p.entry_id, p.balance_minor INTO v_replayed, v_entry, v_balance
    FROM ledger_vendor_post('vendor:' || p_vendor || ':' || p_tx, p_hash, 'bet', 'bet:' || p_vendor || ':' || p_round,
                            p_account, p_clearing, -p_amount) p;
  IF v_replayed THEN
    -- The same id was posted by a call that committed while this one started: answer as it was answered.
    RETURN QUERY SELECT * FROM ledger_vendor_replay(p_vendor, p_tx, 'bet', p_hash, p_account);
    RETURN;
  END IF;

  IF EXISTS (SELECT 1 FROM vendor_rounds r
              WHERE r.vendor_code = p_vendor AND r.member_id = p_member AND r.round_id = p_round) THEN
    PERFORM ledger_vendor_refuse('ROUND_CLOSED', v_balance + p_amount);
  END IF;

  INSERT INTO vendor_transactions AS t (vendor_code, tx_id, kind, status, member_id, round_id, node_id,
                                        amount_minor, currency, request_hash, entry_id, balance_after_minor)
  VALUES (p_vendor, p_tx, 'bet', 'applied', p_member, p_round, p_node,
          p_amount, p_currency, p_hash, v_entry, v_balance)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    -- A rollback named this bet while it was being posted (its marker holds the id), or another call took the id:
    -- the refusal undoes the posting.
    PERFORM ledger_vendor_replay(p_vendor, p_tx, 'bet', p_hash, p_account);
    RAISE EXCEPTION 'vendor transaction % of % was claimed twice', p_tx, p_vendor;
  END IF;
  RETURN QUERY SELECT false, v_entry, v_balance;
END $$;

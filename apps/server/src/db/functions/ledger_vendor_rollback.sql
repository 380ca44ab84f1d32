-- A vendor's rollback (one call of ledger_vendor_calls, which holds the member's balance row already): refunds the
-- named bet once, whatever the number of rollbacks; a rollback of a bet not seen yet leaves a marker that refuses it.
CREATE OR REPLACE FUNCTION ledger_vendor_rollback(
  p_vendor text, p_tx text, p_hash text, p_member bigint, p_account bigint, p_clearing bigint,
  p_round text, p_bet_tx text, p_currency text
) RETURNS TABLE (replayed boolean, entry_id bigint, balance_minor bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_marked boolean := false;
  v_kind text;
  v_status text;
  v_member bigint;
  v_round text;
  v_currency text;
  v_amount bigint;
  v_replayed boolean;
  v_entry bigint;
  v_balance bigint;
  v_refunded bigint := 0;
BEGIN
  IF EXISTS (SELECT 1 FROM vendor_transactions t WHERE t.vendor_code = p_vendor AND t.tx_id = p_tx) THEN
    RETURN QUERY SELECT * FROM ledger_vendor_replay(p_vendor, p_tx, 'rollback', p_hash, p_account);
    RETURN;
  END IF;

  -- The named bet is locked, so rollbacks of one bet (under any ids) take turns.
  SELECT t.kind, t.status, t.member_id, t.round_id, t.currency, t.amount_minor
    INTO v_kind, v_status, v_member, v_round, v_currency, v_amount
    FROM vendor_transactions t WHERE t.vendor_code = p_vendor AND t.tx_id = p_bet_tx
     FOR UPDATE;
  IF NOT FOUND THEN
    -- The bet has not arrived: a marker under its id makes the late bet find its id taken and be refused.
    INSERT INTO vendor_transactions AS t (vendor_code, tx_id, kind, status, member_id, round_id, currency)
    VALUES (p_vendor, p_bet_tx, 'bet', 'voided', p_member, p_round, p_currency)
    ON CONFLICT DO NOTHING;
    v_marked := FOUND;
    IF NOT v_marked THEN
      -- The bet (or another rollback's marker) arrived meanwhile.
      SELECT t.kind, t.status, t.member_id, t.round_id, t.currency, t.amount_minor
        INTO v_kind, v_status, v_member, v_round, v_currency, v_amount
        FROM vendor_transactions t WHERE t.vendor_code = p_vendor AND t.tx_id = p_bet_tx
         FOR UPDATE;
    END IF;
  END IF;

  IF NOT v_marked
     AND (v_kind <> 'bet' OR v_member <> p_member OR v_round <> p_round OR v_currency <> p_currency) THEN
    PERFORM ledger_vendor_refuse('BET_NOT_FOUND', ledger_vendor_balance(p_account));
  END IF;

  IF NOT v_marked AND v_status = 'applied' THEN
    SELECT p.replayed, p.entry_id, p.balance_minor INTO v_replayed, v_entry, v_balance
      FROM ledger_vendor_post('vendor:' || p_vendor || ':' || p_tx, p_hash, 'refund', 'bet:' || p_vendor || ':' || p_round,
                              p_account, p_clearing, v_amount) p;
    IF v_replayed THEN
      PERFORM ledger_vendor_replay(p_vendor, p_tx, 'rollback', p_hash, p_account);
      RAISE EXCEPTION 'vendor transaction % of % was claimed twice', p_tx, p_vendor;
    END IF;
    UPDATE vendor_transactions t SET status = 'rolled_back' WHERE t.vendor_code = p_vendor AND t.tx_id = p_bet_tx;
    v_refunded := v_amount;
  ELSE
    -- Rolled back already (under another id), or never placed: nothing moves, the balance is answered as it is.
    v_balance := ledger_vendor_balance(p_account);
  END IF;

  INSERT INTO vendor_transactions AS t (vendor_code, tx_id, kind, status, member_id, round_id, bet_tx_id,
                                        amount_minor, currency, request_hash, entry_id, balance_after_minor)
  VALUES (p_vendor, p_tx, 'rollback', 'applied', p_member, p_round, p_bet_tx,
          v_refunded, p_currency, p_hash, v_entry, v_balance)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    IF v_entry IS NOT NULL THEN
      PERFORM ledger_vendor_replay(p_vendor, p_tx, 'rollback', p_hash, p_account);
      RAISE EXCEPTION 'vendor transaction % of % was claimed twice', p_tx, p_vendor;
    END IF;
    RETURN QUERY SELECT * FROM ledger_vendor_replay(p_vendor, p_tx, 'rollback', p_hash, p_account);
    RETURN;
  END IF;
  RETURN QUERY SELECT false, v_entry, v_balance;
END $$;

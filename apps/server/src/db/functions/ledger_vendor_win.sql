-- A vendor's win (one call of ledger_vendor_calls, which holds the member's balance row already): pays the amount
-- (zero for a lost round) for a bet of the round, even after the launch session ended; may close the round.
CREATE OR REPLACE FUNCTION ledger_vendor_win(
  p_vendor text, p_tx text, p_hash text, p_member bigint, p_account bigint, p_clearing bigint,
  p_round text, p_bet_tx text, p_amount bigint, p_currency text, p_round_closed boolean
) RETURNS TABLE (replayed boolean, entry_id bigint, balance_minor bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_replayed boolean;
  v_entry bigint;
  v_balance bigint;
  v_kind text;
  v_status text;
  v_member bigint;
  v_round text;
  v_bets integer;
  v_live integer;
BEGIN
  IF EXISTS (SELECT 1 FROM vendor_transactions t WHERE t.vendor_code = p_vendor AND t.tx_id = p_tx) THEN
    RETURN QUERY SELECT * FROM ledger_vendor_replay(p_vendor, p_tx, 'win', p_hash, p_account);
    RETURN;
  END IF;

  IF p_amount > 0 THEN
    SELECT p.replayed, p.entry_id, p.balance_minor INTO v_replayed, v_entry, v_balance
      FROM ledger_vendor_post('vendor:' || p_vendor || ':' || p_tx, p_hash, 'win', 'bet:' || p_vendor || ':' || p_round,
                              p_account, p_clearing, p_amount) p;
    IF v_replayed THEN
      RETURN QUERY SELECT * FROM ledger_vendor_replay(p_vendor, p_tx, 'win', p_hash, p_account);
      RETURN;
    END IF;
  ELSE
    -- Nothing to post. ledger_vendor_calls holds the member's balance row, so this win is ordered with the
    -- member's bets and rollbacks exactly as a posting would be.
    v_balance := ledger_vendor_balance(p_account);
  END IF;

  IF p_bet_tx IS NOT NULL THEN
    SELECT t.kind, t.status, t.member_id, t.round_id INTO v_kind, v_status, v_member, v_round
      FROM vendor_transactions t WHERE t.vendor_code = p_vendor AND t.tx_id = p_bet_tx;
    IF NOT FOUND OR v_kind <> 'bet' OR v_member <> p_member OR v_round <> p_round THEN
      PERFORM ledger_vendor_refuse('BET_NOT_FOUND', v_balance - p_amount);
    END IF;
    IF v_status <> 'applied' THEN
      PERFORM ledger_vendor_refuse('BET_ROLLED_BACK', v_balance - p_amount);
    END IF;
  ELSE
    SELECT count(*), count(*) FILTER (WHERE t.status = 'applied') INTO v_bets, v_live
      FROM vendor_transactions t
     WHERE t.vendor_code = p_vendor AND t.member_id = p_member AND t.round_id = p_round AND t.kind = 'bet';
    IF v_bets = 0 THEN
      PERFORM ledger_vendor_refuse('BET_NOT_FOUND', v_balance - p_amount);
    END IF;
    IF v_live = 0 THEN
      PERFORM ledger_vendor_refuse('BET_ROLLED_BACK', v_balance - p_amount);
    END IF;
  END IF;

  IF p_round_closed THEN
    INSERT INTO vendor_rounds AS r (vendor_code, member_id, round_id, closed_by_tx_id)
    VALUES (p_vendor, p_member, p_round, p_tx)
    ON CONFLICT DO NOTHING;
  END IF;

  INSERT INTO vendor_transactions AS t (vendor_code, tx_id, kind, status, member_id, round_id, bet_tx_id,
                                        amount_minor, currency, round_closed, request_hash, entry_id,
                                        balance_after_minor)
  VALUES (p_vendor, p_tx, 'win', 'applied', p_member, p_round, p_bet_tx,
          p_amount, p_currency, p_round_closed, p_hash, v_entry, v_balance)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    IF v_entry IS NOT NULL THEN
      PERFORM ledger_vendor_replay(p_vendor, p_tx, 'win', p_hash, p_account);
      RAISE EXCEPTION 'vendor transaction % of % was claimed twice', p_tx, p_vendor;
    END IF;
    -- The same zero win came twice at once (no ledger key orders those): the first one's answer.
    RETURN QUERY SELECT * FROM ledger_vendor_replay(p_vendor, p_tx, 'win', p_hash, p_account);
    RETURN;
  END IF;
  RETURN QUERY SELECT false, v_entry, v_balance;
END $$;

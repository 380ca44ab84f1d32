-- A vendor's bet: claims its transaction id, checks the session, posts the stake and records the bet.
CREATE OR REPLACE FUNCTION seamless_bet(
  p_vendor text, p_tx text, p_hash text, p_member bigint, p_account bigint, p_clearing bigint,
  p_round text, p_node text, p_amount bigint, p_currency text, p_token_hash text, p_session_minutes integer
) RETURNS TABLE (replayed boolean, entry_id bigint, balance_minor bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_window interval := make_interval(mins => p_session_minutes);
  v_expires timestamptz;
  v_status text;
  v_replayed boolean;
  v_entry bigint;
  v_balance bigint;
BEGIN
  IF EXISTS (SELECT 1 FROM vendor_transactions t WHERE t.vendor_code = p_vendor AND t.tx_id = p_tx) THEN
    RETURN QUERY SELECT * FROM seamless_replay(p_vendor, p_tx, 'bet', p_hash, p_account);
    RETURN;
  END IF;

  SELECT s.expires_at, m.status INTO v_expires, v_status
    FROM game_sessions s JOIN members m ON m.id = s.member_id
   WHERE s.token_hash = p_token_hash AND s.vendor_code = p_vendor AND s.member_id = p_member
     AND s.account_id = p_account AND s.expires_at > now();
  IF NOT FOUND THEN
    PERFORM seamless_refuse('SESSION_EXPIRED', seamless_balance(p_account));
  END IF;
  IF v_status <> 'active' THEN
    PERFORM seamless_refuse('ACCOUNT_DISABLED', seamless_balance(p_account));
  END IF;
  -- The session lasts while the member plays; it is moved on at most every quarter of its length.
  IF v_expires < now() + v_window * 0.75 THEN
    UPDATE game_sessions s SET expires_at = now() + v_window WHERE s.token_hash = p_token_hash;
  END IF;

  SELECT p.replayed, p.entry_id, p.balance_minor INTO v_replayed, v_entry, v_balance
    FROM seamless_post('vendor:' || p_vendor || ':' || p_tx, p_hash, 'bet', 'bet:' || p_vendor || ':' || p_round,
                       p_account, p_clearing, -p_amount) p;
  IF v_replayed THEN
    -- The same id was posted by a call that committed while this one started: answer as it was answered.
    RETURN QUERY SELECT * FROM seamless_replay(p_vendor, p_tx, 'bet', p_hash, p_account);
    RETURN;
  END IF;

  IF EXISTS (SELECT 1 FROM vendor_rounds r
              WHERE r.vendor_code = p_vendor AND r.member_id = p_member AND r.round_id = p_round) THEN
    PERFORM seamless_refuse('ROUND_CLOSED', v_balance + p_amount);
  END IF;

  INSERT INTO vendor_transactions AS t (vendor_code, tx_id, kind, status, member_id, round_id, node_id,
                                        amount_minor, currency, request_hash, entry_id, balance_after_minor)
  VALUES (p_vendor, p_tx, 'bet', 'applied', p_member, p_round, p_node,
          p_amount, p_currency, p_hash, v_entry, v_balance)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    -- A rollback named this bet while it was being posted (its marker holds the id), or another call took the id:
    -- the refusal undoes the posting.
    PERFORM seamless_replay(p_vendor, p_tx, 'bet', p_hash, p_account);
    RAISE EXCEPTION 'vendor transaction % of % was claimed twice', p_tx, p_vendor;
  END IF;
  RETURN QUERY SELECT false, v_entry, v_balance;
END $$;

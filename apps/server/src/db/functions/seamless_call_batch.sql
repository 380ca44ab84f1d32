-- Vendor calls that arrive together in one statement: one round trip and one commit for many bets, wins and
-- rollbacks. Each call runs in its own subtransaction, exactly as the call alone would (seamless_bet, seamless_win
-- or seamless_rollback): a refusal rolls back that call only and comes back as its row's error (SQLSTATE, message
-- and detail, as the call alone would have raised them), and the other calls go on.
--
-- Call i is p_kinds[i] ('bet', 'win' or 'rollback') with the i-th element of every array; p_refs[i] is a bet's
-- game node, or the bet a win or rollback names. Callers keep a batch under 64 calls, the subtransactions a
-- backend tracks without overflowing.
--
-- A call that waits more than 250 ms for a row lock (a member's balance held by a longer transaction) gives up with
-- lock_not_available (55P03) and the caller runs it again alone: the other players' calls of the batch, and the
-- calls queued behind it, do not wait with it.
CREATE OR REPLACE FUNCTION seamless_call_batch(
  p_kinds text[], p_vendors text[], p_txs text[], p_hashes text[], p_members bigint[], p_accounts bigint[],
  p_clearings bigint[], p_rounds text[], p_refs text[], p_amounts bigint[], p_currencies text[],
  p_token_hashes text[], p_session_minutes integer[], p_rounds_closed boolean[]
) RETURNS TABLE (item integer, replayed boolean, entry_id bigint, balance_minor bigint,
                 error_code text, error_message text, error_detail text)
LANGUAGE plpgsql AS $$
DECLARE
  v_item integer;
  v_result record;
BEGIN
  PERFORM set_config('lock_timeout', '250ms', true);
  FOR v_item IN 1 .. coalesce(array_length(p_kinds, 1), 0) LOOP
    item := v_item;
    replayed := NULL;
    entry_id := NULL;
    balance_minor := NULL;
    error_code := NULL;
    error_message := NULL;
    error_detail := NULL;
    BEGIN
      IF p_kinds[v_item] = 'bet' THEN
        SELECT * INTO STRICT v_result FROM seamless_bet(p_vendors[v_item], p_txs[v_item], p_hashes[v_item],
          p_members[v_item], p_accounts[v_item], p_clearings[v_item], p_rounds[v_item], p_refs[v_item],
          p_amounts[v_item], p_currencies[v_item], p_token_hashes[v_item], p_session_minutes[v_item]);
      ELSIF p_kinds[v_item] = 'win' THEN
        SELECT * INTO STRICT v_result FROM seamless_win(p_vendors[v_item], p_txs[v_item], p_hashes[v_item],
          p_members[v_item], p_accounts[v_item], p_clearings[v_item], p_rounds[v_item], p_refs[v_item],
          p_amounts[v_item], p_currencies[v_item], p_rounds_closed[v_item]);
      ELSIF p_kinds[v_item] = 'rollback' THEN
        SELECT * INTO STRICT v_result FROM seamless_rollback(p_vendors[v_item], p_txs[v_item], p_hashes[v_item],
          p_members[v_item], p_accounts[v_item], p_clearings[v_item], p_rounds[v_item], p_refs[v_item],
          p_currencies[v_item]);
      ELSE
        RAISE EXCEPTION 'unknown seamless call %', p_kinds[v_item] USING ERRCODE = '22023';
      END IF;
      replayed := v_result.replayed;
      entry_id := v_result.entry_id;
      balance_minor := v_result.balance_minor;
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS error_code = RETURNED_SQLSTATE, error_message = MESSAGE_TEXT,
                              error_detail = PG_EXCEPTION_DETAIL;
    END;
    RETURN NEXT;
  END LOOP;
END $$;

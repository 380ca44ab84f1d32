-- Vendor calls (bets, wins, rollbacks) in one statement: one round trip and one commit for the calls that arrive
-- together. Each call runs in its own subtransaction (ledger_vendor_bet, _win or _rollback): a refusal rolls back
-- that call only and comes back as its row's error (SQLSTATE, message and detail, as the call alone would have
-- raised them), and the other calls go on.
--
-- Call i is p_kinds[i] with the i-th element of every array; p_refs[i] is a bet's game node, or the bet a win or
-- rollback names; p_refusals[i] is what the caller's precondition said of a bet (null: nothing against it). Callers
-- keep a batch under 64 calls, the subtransactions a backend tracks without overflowing.
--
-- Lock order (docs/decisions.md): the calls run in ascending order of the member's account id, and each call first
-- locks its member's balance row, before anything else of that member (vendor transactions, rounds, journal
-- entries); a member's several calls run one after the other, in the order they came. With p_wait false, a row
-- another transaction holds is skipped instead of waited for, and that call comes back as '55P03'
-- ('ledger_account_busy') for the caller to run again on its own with p_wait true, which waits its turn. A batch
-- therefore never waits for a balance row, so batches in flight cannot deadlock. What is left to wait for is another
-- transaction using the same transaction id or idempotency key, bounded by a 250 ms lock timeout that answers
-- '55P03' the same way. The row is locked inside the call's own subtransaction, the one that then moves its
-- balance: a lock of the whole statement followed by an update in a subtransaction would be two lockers of one row,
-- which PostgreSQL records as a multixact on every call.
--
-- Rows come back in the order the calls ran; `item` says whose each is.
CREATE OR REPLACE FUNCTION ledger_vendor_calls(
  p_kinds text[], p_vendors text[], p_txs text[], p_hashes text[], p_members bigint[], p_accounts bigint[],
  p_clearings bigint[], p_rounds text[], p_refs text[], p_amounts bigint[], p_currencies text[],
  p_rounds_closed boolean[], p_refusals text[], p_wait boolean
) RETURNS TABLE (item integer, replayed boolean, entry_id bigint, balance_minor bigint,
                 error_code text, error_message text, error_detail text)
LANGUAGE plpgsql AS $$
DECLARE
  v_item integer;
  v_result record;
BEGIN
  IF NOT p_wait THEN
    PERFORM set_config('lock_timeout', '250ms', true);
  END IF;

  FOR v_item IN SELECT x.n FROM unnest(p_accounts) WITH ORDINALITY AS x(account, n) ORDER BY x.account, x.n LOOP
    item := v_item;
    replayed := NULL;
    entry_id := NULL;
    balance_minor := NULL;
    error_code := NULL;
    error_message := NULL;
    error_detail := NULL;
    BEGIN
      IF p_wait THEN
        PERFORM 1 FROM ledger_accounts a WHERE a.id = p_accounts[v_item] FOR NO KEY UPDATE;
      ELSE
        PERFORM 1 FROM ledger_accounts a WHERE a.id = p_accounts[v_item] FOR NO KEY UPDATE SKIP LOCKED;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'ledger_account_busy' USING ERRCODE = '55P03';
        END IF;
      END IF;
      IF p_kinds[v_item] = 'bet' THEN
        SELECT * INTO STRICT v_result FROM ledger_vendor_bet(p_vendors[v_item], p_txs[v_item], p_hashes[v_item],
          p_members[v_item], p_accounts[v_item], p_clearings[v_item], p_rounds[v_item], p_refs[v_item],
          p_amounts[v_item], p_currencies[v_item], p_refusals[v_item]);
      ELSIF p_kinds[v_item] = 'win' THEN
        SELECT * INTO STRICT v_result FROM ledger_vendor_win(p_vendors[v_item], p_txs[v_item], p_hashes[v_item],
          p_members[v_item], p_accounts[v_item], p_clearings[v_item], p_rounds[v_item], p_refs[v_item],
          p_amounts[v_item], p_currencies[v_item], p_rounds_closed[v_item]);
      ELSIF p_kinds[v_item] = 'rollback' THEN
        SELECT * INTO STRICT v_result FROM ledger_vendor_rollback(p_vendors[v_item], p_txs[v_item], p_hashes[v_item],
          p_members[v_item], p_accounts[v_item], p_clearings[v_item], p_rounds[v_item], p_refs[v_item],
          p_currencies[v_item]);
      ELSE
        RAISE EXCEPTION 'unknown vendor call %', p_kinds[v_item] USING ERRCODE = '22023';
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

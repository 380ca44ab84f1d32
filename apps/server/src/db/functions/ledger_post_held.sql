-- Posts one journal entry for a caller that holds the balance rows it moves already (ledger_post, or a batch that
-- locked its rows first): claims the idempotency key (or answers with the entry already under it), moves the
-- balances in the order given (the caller sorts them by id) refusing any that would go below zero, and writes the
-- lines with the balance after each. One row per line comes back.
CREATE OR REPLACE FUNCTION ledger_post_held(
  p_key text, p_hash text, p_type text, p_reference text, p_reverses bigint,
  p_accounts bigint[], p_amounts bigint[]
) RETURNS TABLE (entry_id bigint, replayed boolean, request_hash text,
                 account_id bigint, amount_minor bigint, balance_after_minor bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_entry bigint;
  v_balances bigint[] := '{}';
  v_balance bigint;
  v_tracks boolean[];
  v_found integer;
  v_currencies integer;
  v_index integer;
  v_sum bigint := 0;
  v_amount bigint;
BEGIN
  -- The entry is checked here, before anything is written: at least two lines, summing to zero, one currency.
  IF coalesce(array_length(p_accounts, 1), 0) < 2 OR array_length(p_accounts, 1) <> array_length(p_amounts, 1) THEN
    RAISE EXCEPTION 'journal entry does not balance' USING ERRCODE = '23514';
  END IF;
  FOREACH v_amount IN ARRAY p_amounts LOOP
    v_sum := v_sum + v_amount;
  END LOOP;
  IF v_sum IS DISTINCT FROM 0 THEN
    RAISE EXCEPTION 'journal entry does not balance' USING ERRCODE = '23514';
  END IF;

  INSERT INTO journal_entries (type, reference, idempotency_key, request_hash, reverses_entry_id)
  VALUES (p_type, p_reference, p_key, p_hash, p_reverses)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_entry;

  IF v_entry IS NULL THEN
    RETURN QUERY
      SELECT e.id, true, e.request_hash, l.account_id, l.amount_minor, l.balance_after_minor
        FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
       WHERE e.idempotency_key = p_key
       ORDER BY l.id;
    RETURN;
  END IF;

  -- One read tells which accounts keep a balance and their currencies; only those balances are then moved.
  SELECT array_agg(a.tracks_balance ORDER BY x.n), count(a.id), count(DISTINCT a.currency)
    INTO v_tracks, v_found, v_currencies
    FROM unnest(p_accounts) WITH ORDINALITY AS x(id, n) LEFT JOIN ledger_accounts a ON a.id = x.id;
  IF v_found < array_length(p_accounts, 1) THEN
    RAISE EXCEPTION 'ledger_account_missing' USING ERRCODE = 'P0001', DETAIL = (
      SELECT x.id::text FROM unnest(p_accounts) AS x(id)
       WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = x.id) LIMIT 1);
  END IF;
  IF v_currencies <> 1 THEN
    RAISE EXCEPTION 'journal entry mixes currencies' USING ERRCODE = '23514';
  END IF;
  FOR v_index IN 1 .. array_length(p_accounts, 1) LOOP
    v_balance := NULL;
    IF v_tracks[v_index] THEN
      UPDATE ledger_accounts a
         SET balance_minor = a.balance_minor + p_amounts[v_index]
       WHERE a.id = p_accounts[v_index] AND a.balance_minor + p_amounts[v_index] >= 0
      RETURNING a.balance_minor INTO v_balance;
      IF NOT FOUND THEN
        SELECT a.balance_minor INTO v_balance FROM ledger_accounts a WHERE a.id = p_accounts[v_index];
        RAISE EXCEPTION 'ledger_insufficient_funds'
          USING ERRCODE = 'P0001', DETAIL = p_accounts[v_index]::text || ':' || v_balance::text;
      END IF;
    END IF;
    v_balances := v_balances || v_balance;
  END LOOP;

  -- Checked above, so the statement trigger on journal_lines may skip these lines (and only these).
  PERFORM set_config('ledger.checked_insert', 'on', true);
  RETURN QUERY
    INSERT INTO journal_lines AS l (entry_id, account_id, amount_minor, balance_after_minor)
    SELECT v_entry, x.account, x.amount, x.balance
      FROM unnest(p_accounts, p_amounts, v_balances) WITH ORDINALITY AS x(account, amount, balance, n)
     ORDER BY x.n
    RETURNING v_entry, false, p_hash, l.account_id, l.amount_minor, l.balance_after_minor;
  PERFORM set_config('ledger.checked_insert', 'off', true);
END $$;

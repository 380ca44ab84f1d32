-- Posting an entry in one statement. The ledger's rules are unchanged; what changes is that claiming the key,
-- moving the balances (in account-id order) and writing the lines happen inside the database in one call, so a
-- hot balance row is locked for one statement and its commit instead of several round trips.

-- Returns the entry's lines with the balance after each. `replayed` is true when the key was already used: the
-- rows are then the stored entry's, and `request_hash` says what that request was, for the caller to compare.
CREATE FUNCTION ledger_post(
  p_key text, p_hash text, p_type text, p_reference text, p_reverses bigint,
  p_accounts bigint[], p_amounts bigint[]
) RETURNS TABLE (entry_id bigint, replayed boolean, request_hash text,
                 account_id bigint, amount_minor bigint, balance_after_minor bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_entry bigint;
  v_balances bigint[] := '{}';
  v_balance bigint;
  v_tracks boolean;
  v_currency text;
  v_first_currency text;
  v_index integer;
BEGIN
  -- The entry is checked here, before anything is written: at least two lines, summing to zero, one currency.
  IF coalesce(array_length(p_accounts, 1), 0) < 2 OR array_length(p_accounts, 1) <> array_length(p_amounts, 1)
     OR (SELECT sum(x) FROM unnest(p_amounts) x) <> 0 THEN
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

  -- Accounts are taken in id order (the caller sorts them), so two entries never wait for each other in a cycle.
  FOR v_index IN 1 .. array_length(p_accounts, 1) LOOP
    UPDATE ledger_accounts a
       SET balance_minor = a.balance_minor + p_amounts[v_index]
     WHERE a.id = p_accounts[v_index] AND a.tracks_balance AND a.balance_minor + p_amounts[v_index] >= 0
    RETURNING a.balance_minor, a.currency INTO v_balance, v_currency;
    IF NOT FOUND THEN
      SELECT a.tracks_balance, a.balance_minor, a.currency INTO v_tracks, v_balance, v_currency
        FROM ledger_accounts a WHERE a.id = p_accounts[v_index];
      IF NOT FOUND THEN
        RAISE EXCEPTION 'ledger_account_missing' USING ERRCODE = 'P0001', DETAIL = p_accounts[v_index]::text;
      END IF;
      IF v_tracks THEN
        RAISE EXCEPTION 'ledger_insufficient_funds'
          USING ERRCODE = 'P0001', DETAIL = p_accounts[v_index]::text || ':' || v_balance::text;
      END IF;
      v_balance := NULL;
    END IF;
    IF v_first_currency IS NULL THEN
      v_first_currency := v_currency;
    ELSIF v_currency <> v_first_currency THEN
      RAISE EXCEPTION 'journal entry mixes currencies' USING ERRCODE = '23514';
    END IF;
    v_balances := v_balances || v_balance;
  END LOOP;

  -- Checked above, so the statement trigger below may skip these lines (and only these).
  PERFORM set_config('ledger.checked_insert', 'on', true);
  RETURN QUERY
    INSERT INTO journal_lines AS l (entry_id, account_id, amount_minor, balance_after_minor)
    SELECT v_entry, x.account, x.amount, x.balance
      FROM unnest(p_accounts, p_amounts, v_balances) WITH ORDINALITY AS x(account, amount, balance, n)
     ORDER BY x.n
    RETURNING v_entry, false, p_hash, l.account_id, l.amount_minor, l.balance_after_minor;
  PERFORM set_config('ledger.checked_insert', 'off', true);
END $$;

-- The balance check for any other writer, once per statement instead of once per line: every entry that a
-- statement wrote lines for must sum to zero over all its lines, have at least two, and stay in one currency (so
-- an entry's lines are written in one statement). ledger_post checks its entry before writing and marks its own
-- insert, which this trigger then skips.
DROP TRIGGER journal_lines_balanced ON journal_lines;
DROP FUNCTION ledger_check_balanced();
CREATE FUNCTION ledger_check_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_entry bigint;
  v_total bigint;
  v_lines integer;
  v_currencies integer;
BEGIN
  IF current_setting('ledger.checked_insert', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- One indexed lookup per entry written (a join against the transition table can be planned as a full scan).
  FOR v_entry IN SELECT DISTINCT n.entry_id FROM new_lines n LOOP
    SELECT sum(l.amount_minor), count(*), count(DISTINCT a.currency) INTO v_total, v_lines, v_currencies
      FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id
     WHERE l.entry_id = v_entry;
    IF v_currencies <> 1 THEN
      RAISE EXCEPTION 'journal entry % mixes currencies', v_entry USING ERRCODE = '23514';
    END IF;
    IF v_total <> 0 OR v_lines < 2 THEN
      RAISE EXCEPTION 'journal entry % does not balance (% over % lines)', v_entry, v_total, v_lines
        USING ERRCODE = '23514';
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_entries_balanced();

-- Lines by account are read in time order (records, turnover); the older index by (account, id) only cost writes.
DROP INDEX journal_lines_account;

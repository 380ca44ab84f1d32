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
  v_index integer;
BEGIN
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
    RETURNING a.balance_minor INTO v_balance;
    IF NOT FOUND THEN
      SELECT a.tracks_balance, a.balance_minor INTO v_tracks, v_balance FROM ledger_accounts a WHERE a.id = p_accounts[v_index];
      IF NOT FOUND THEN
        RAISE EXCEPTION 'ledger_account_missing' USING ERRCODE = 'P0001', DETAIL = p_accounts[v_index]::text;
      END IF;
      IF v_tracks THEN
        RAISE EXCEPTION 'ledger_insufficient_funds'
          USING ERRCODE = 'P0001', DETAIL = p_accounts[v_index]::text || ':' || v_balance::text;
      END IF;
      v_balance := NULL;
    END IF;
    v_balances := v_balances || v_balance;
  END LOOP;

  RETURN QUERY
    INSERT INTO journal_lines AS l (entry_id, account_id, amount_minor, balance_after_minor)
    SELECT v_entry, x.account, x.amount, x.balance
      FROM unnest(p_accounts, p_amounts, v_balances) WITH ORDINALITY AS x(account, amount, balance, n)
     ORDER BY x.n
    RETURNING v_entry, false, p_hash, l.account_id, l.amount_minor, l.balance_after_minor;
END $$;

-- The balance check, once per statement instead of once per line: every entry that a statement wrote lines for
-- must sum to zero over all its lines, have at least two, and stay in one currency. Lines of an entry are
-- therefore written in one statement (ledger_post does).
DROP TRIGGER journal_lines_balanced ON journal_lines;
DROP FUNCTION ledger_check_balanced();
CREATE FUNCTION ledger_check_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT l.entry_id, sum(l.amount_minor) AS total, count(*) AS lines, count(DISTINCT a.currency) AS currencies
    INTO bad
    FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id
   WHERE l.entry_id IN (SELECT DISTINCT n.entry_id FROM new_lines n)
   GROUP BY l.entry_id
  HAVING sum(l.amount_minor) <> 0 OR count(*) < 2 OR count(DISTINCT a.currency) <> 1
   LIMIT 1;
  IF FOUND AND bad.currencies <> 1 THEN
    RAISE EXCEPTION 'journal entry % mixes currencies', bad.entry_id USING ERRCODE = '23514';
  END IF;
  IF FOUND THEN
    RAISE EXCEPTION 'journal entry % does not balance (% over % lines)', bad.entry_id, bad.total, bad.lines
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_entries_balanced();

-- Statement trigger on journal_lines: the entries a statement wrote lines for must exist, sum to zero over all their
-- lines, have at least two, name existing accounts and stay in one currency. The posting functions check their
-- entries before writing and mark their own insert, which this trigger then skips.
CREATE OR REPLACE FUNCTION ledger_check_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_entry bigint;
  v_total bigint;
  v_lines integer;
  v_currencies integer;
  v_accounts integer;
BEGIN
  IF current_setting('ledger.checked_insert', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- One indexed lookup per entry written (a join against the transition table can be planned as a full scan).
  FOR v_entry IN SELECT DISTINCT n.entry_id FROM new_lines n LOOP
    IF NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = v_entry) THEN
      RAISE EXCEPTION 'journal lines name entry %, which does not exist', v_entry USING ERRCODE = '23503';
    END IF;
    SELECT sum(l.amount_minor), count(*), count(DISTINCT a.currency), count(a.id)
      INTO v_total, v_lines, v_currencies, v_accounts
      FROM journal_lines l LEFT JOIN ledger_accounts a ON a.id = l.account_id
     WHERE l.entry_id = v_entry;
    IF v_accounts < v_lines THEN
      RAISE EXCEPTION 'journal entry % names an account that does not exist', v_entry USING ERRCODE = '23503';
    END IF;
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

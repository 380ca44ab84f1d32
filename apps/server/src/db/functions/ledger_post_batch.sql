-- Many postings in one statement: one round trip and one commit for the postings that arrive together. Each one is
-- claimed, checked and written as ledger_post does it, but a posting that is refused (its condition false, a balance
-- too low) is reported for itself and leaves nothing behind, instead of aborting the others. Anything else (a
-- missing account, mixed currencies, an entry that does not balance) still raises and aborts the whole statement;
-- the caller then posts each one alone to learn whose it was.
--
-- Posting i has p_sizes[i] lines, taken in order from p_accounts and p_amounts (each posting's lines sorted by
-- account id, as ledger_post expects); p_allowed[i] is its condition (null: none). One row per line comes back, or
-- one row for a refused posting:
--   posted        the lines as written, with the balance after each
--   replayed      the lines of the entry already posted under this key, with that entry's request hash
--   refused       the condition did not hold
--   insufficient  account_id would go below zero; balance_after_minor is its balance
--   busy          another transaction holds one of its balance rows (only when p_wait is false): post it again
--                 with p_wait true, which waits its turn
--
-- Lock order (docs/decisions.md): the balance rows of all the postings are locked first, at once, in ascending id,
-- before any key is claimed. With p_wait false a row another transaction holds is skipped, not waited for, so a
-- statement never waits for a balance row while holding others: statements in flight on any number of nodes
-- cannot deadlock over balances.
CREATE OR REPLACE FUNCTION ledger_post_batch(
  p_keys text[], p_hashes text[], p_types text[], p_references text[], p_sizes integer[],
  p_accounts bigint[], p_amounts bigint[], p_allowed boolean[], p_wait boolean
) RETURNS TABLE (item integer, outcome text, entry_id bigint, request_hash text,
                 account_id bigint, amount_minor bigint, balance_after_minor bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_item integer;
  v_first integer := 1;
  v_last integer;
  v_index integer;
  v_sum bigint;
  v_entry bigint;
  v_balance bigint;
  v_balances bigint[];
  v_tracks boolean;
  v_currency text;
  v_first_currency text;
  v_short integer;
  v_busy bigint[];
BEGIN
  IF coalesce(array_length(p_accounts, 1), 0) <> coalesce(array_length(p_amounts, 1), 0) THEN
    RAISE EXCEPTION 'journal entry does not balance' USING ERRCODE = '23514';
  END IF;
  IF p_wait THEN
    PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (p_accounts) AND a.tracks_balance ORDER BY a.id
      FOR NO KEY UPDATE;
    v_busy := '{}';
  ELSE
    WITH balances AS (SELECT a.id FROM ledger_accounts a WHERE a.id = ANY (p_accounts) AND a.tracks_balance),
         held AS (SELECT a.id FROM ledger_accounts a WHERE a.id IN (SELECT b.id FROM balances b)
                   ORDER BY a.id FOR NO KEY UPDATE SKIP LOCKED)
    SELECT ARRAY(SELECT b.id FROM balances b EXCEPT SELECT h.id FROM held h) INTO v_busy;
  END IF;

  FOR v_item IN 1 .. coalesce(array_length(p_sizes, 1), 0) LOOP
    v_last := v_first + p_sizes[v_item] - 1;
    v_sum := 0;
    FOR v_index IN v_first .. v_last LOOP
      v_sum := v_sum + p_amounts[v_index];
    END LOOP;
    IF p_sizes[v_item] < 2 OR v_sum IS DISTINCT FROM 0 OR v_last > array_length(p_accounts, 1) THEN
      RAISE EXCEPTION 'journal entry does not balance' USING ERRCODE = '23514';
    END IF;

    IF p_accounts[v_first:v_last] && v_busy THEN
      item := v_item; outcome := 'busy'; entry_id := NULL; request_hash := NULL;
      account_id := NULL; amount_minor := NULL; balance_after_minor := NULL;
      RETURN NEXT;
      v_first := v_last + 1;
      CONTINUE;
    END IF;

    IF p_allowed IS NOT NULL AND p_allowed[v_item] IS NOT TRUE THEN
      item := v_item; outcome := 'refused'; entry_id := NULL; request_hash := NULL;
      account_id := NULL; amount_minor := NULL; balance_after_minor := NULL;
      RETURN NEXT;
      v_first := v_last + 1;
      CONTINUE;
    END IF;

    IF p_keys[v_item] IS NOT NULL THEN
      RETURN QUERY
        SELECT v_item, 'replayed'::text, e.id, e.request_hash, l.account_id, l.amount_minor, l.balance_after_minor
          FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
         WHERE e.idempotency_key = p_keys[v_item]
         ORDER BY l.id;
      IF FOUND THEN
        v_first := v_last + 1;
        CONTINUE;
      END IF;
    END IF;

    -- The rows are held already; balances move in the order given (by account id), as in ledger_post.
    v_balances := '{}';
    v_short := NULL;
    v_first_currency := NULL;
    FOR v_index IN v_first .. v_last LOOP
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
          v_short := v_index;
          EXIT;
        END IF;
        v_balance := NULL;
      END IF;
      IF v_first_currency IS NULL THEN
        v_first_currency := v_currency;
      ELSIF v_currency <> v_first_currency THEN
        RAISE EXCEPTION 'journal entry mixes currencies' USING ERRCODE = '23514';
      END IF;
      v_balances := array_append(v_balances, v_balance);
    END LOOP;

    IF v_short IS NULL THEN
      INSERT INTO journal_entries (type, reference, idempotency_key, request_hash)
      VALUES (p_types[v_item], p_references[v_item], p_keys[v_item], p_hashes[v_item])
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id INTO v_entry;
    END IF;

    IF v_short IS NOT NULL OR v_entry IS NULL THEN
      -- Refused, or another request with this key committed meanwhile: put back what this posting moved.
      FOR v_index IN 1 .. coalesce(array_length(v_balances, 1), 0) LOOP
        IF v_balances[v_index] IS NOT NULL THEN
          UPDATE ledger_accounts a SET balance_minor = a.balance_minor - p_amounts[v_first + v_index - 1]
           WHERE a.id = p_accounts[v_first + v_index - 1];
        END IF;
      END LOOP;
      IF v_short IS NOT NULL THEN
        item := v_item; outcome := 'insufficient'; entry_id := NULL; request_hash := NULL;
        account_id := p_accounts[v_short]; amount_minor := p_amounts[v_short]; balance_after_minor := v_balance;
        RETURN NEXT;
      ELSE
        RETURN QUERY
          SELECT v_item, 'replayed'::text, e.id, e.request_hash, l.account_id, l.amount_minor, l.balance_after_minor
            FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
           WHERE e.idempotency_key = p_keys[v_item]
           ORDER BY l.id;
      END IF;
      v_first := v_last + 1;
      CONTINUE;
    END IF;

    -- Checked above, so the statement trigger on journal_lines may skip these lines (and only these).
    PERFORM set_config('ledger.checked_insert', 'on', true);
    RETURN QUERY
      INSERT INTO journal_lines AS l (entry_id, account_id, amount_minor, balance_after_minor)
      SELECT v_entry, x.account, x.amount, x.balance
        FROM unnest(p_accounts[v_first:v_last], p_amounts[v_first:v_last], v_balances)
             WITH ORDINALITY AS x(account, amount, balance, n)
       ORDER BY x.n
      RETURNING v_item, 'posted'::text, v_entry, p_hashes[v_item], l.account_id, l.amount_minor, l.balance_after_minor;
    PERFORM set_config('ledger.checked_insert', 'off', true);
    v_first := v_last + 1;
  END LOOP;
END $$;

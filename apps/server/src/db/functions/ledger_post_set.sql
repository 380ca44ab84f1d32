-- Many postings as one set, all or nothing, for a transaction that pays many members at once (a lottery draw's
-- settlement: a thousand entries a batch). ledger_post_batch walks its postings line by line, so that each can be
-- refused on its own; here nothing is refused on its own: the checks run over the whole set first, the balance rows
-- are locked at once in ascending id (ledger_post's lock order), the keys are claimed in one insert, every balance
-- moves in one update and every line is written in one insert. Any failure raises and aborts the caller's
-- transaction.
--
-- Posting i has p_sizes[i] lines, taken in order from p_accounts and p_amounts; every posting has its own key
-- (distinct, not null). One row per line comes back, as from ledger_post_batch:
--   posted    the lines as written, with the balance after each (running over the set, in line order)
--   replayed  the lines of the entry already posted under this key, with that entry's request hash; it moved nothing
CREATE OR REPLACE FUNCTION ledger_post_set(
  p_keys text[], p_hashes text[], p_types text[], p_references text[], p_sizes integer[],
  p_accounts bigint[], p_amounts bigint[]
) RETURNS TABLE (item integer, outcome text, entry_id bigint, request_hash text,
                 account_id bigint, amount_minor bigint, balance_after_minor bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_items integer[];
  v_claimed_keys text[];
  v_claimed_ids bigint[];
  v_problem text;
BEGIN
  IF coalesce(array_length(p_accounts, 1), 0) <> coalesce(array_length(p_amounts, 1), 0)
     OR (SELECT coalesce(sum(s), 0) FROM unnest(p_sizes) s) <> coalesce(array_length(p_accounts, 1), 0) THEN
    RAISE EXCEPTION 'journal entry does not balance' USING ERRCODE = '23514';
  END IF;
  IF array_position(p_keys, NULL) IS NOT NULL
     OR (SELECT count(DISTINCT k) FROM unnest(p_keys) k) <> coalesce(array_length(p_keys, 1), 0)
     OR coalesce(array_length(p_keys, 1), 0) <> coalesce(array_length(p_sizes, 1), 0) THEN
    RAISE EXCEPTION 'ledger_post_set takes one distinct key per posting' USING ERRCODE = '22023';
  END IF;

  -- The posting of each line: posting i repeated p_sizes[i] times.
  SELECT coalesce(array_agg(u.i ORDER BY u.i, g), '{}') INTO v_items
    FROM unnest(p_sizes) WITH ORDINALITY AS u (s, i), generate_series(1, u.s) AS g;

  SELECT CASE
           WHEN count(*) < 2 OR sum(x.amount) <> 0 OR count(DISTINCT x.account) <> count(*) THEN 'balance'
           WHEN count(a.id) < count(*) THEN 'missing'
           WHEN count(DISTINCT a.currency) > 1 THEN 'currencies'
         END
    INTO v_problem
    FROM unnest(v_items, p_accounts, p_amounts) AS x (it, account, amount)
    LEFT JOIN ledger_accounts a ON a.id = x.account
   GROUP BY x.it
  HAVING count(*) < 2 OR sum(x.amount) <> 0 OR count(DISTINCT x.account) <> count(*) OR count(a.id) < count(*)
      OR count(DISTINCT a.currency) > 1
   LIMIT 1;
  IF v_problem = 'balance' THEN
    RAISE EXCEPTION 'journal entry does not balance' USING ERRCODE = '23514';
  ELSIF v_problem = 'missing' THEN
    RAISE EXCEPTION 'ledger_account_missing' USING ERRCODE = 'P0001';
  ELSIF v_problem = 'currencies' THEN
    RAISE EXCEPTION 'journal entry mixes currencies' USING ERRCODE = '23514';
  END IF;

  PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (p_accounts) AND a.tracks_balance ORDER BY a.id
    FOR NO KEY UPDATE;

  WITH claimed AS (
    INSERT INTO journal_entries (type, reference, idempotency_key, request_hash)
    SELECT p_types[i], p_references[i], p_keys[i], p_hashes[i] FROM generate_subscripts(p_sizes, 1) AS i ORDER BY i
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, idempotency_key)
  SELECT coalesce(array_agg(c.idempotency_key), '{}'), coalesce(array_agg(c.id), '{}')
    INTO v_claimed_keys, v_claimed_ids
    FROM claimed c;

  -- Checked above, so the statement trigger on journal_lines may skip these lines (and only these).
  PERFORM set_config('ledger.checked_insert', 'on', true);
  RETURN QUERY
    WITH lines AS (
      SELECT x.n, x.it, x.account, x.amount, c.id AS entry
        FROM unnest(v_items, p_accounts, p_amounts) WITH ORDINALITY AS x (it, account, amount, n)
        JOIN unnest(v_claimed_keys, v_claimed_ids) AS c (key, id) ON c.key = p_keys[x.it]),
    moved AS (
      UPDATE ledger_accounts a SET balance_minor = a.balance_minor + d.delta
        FROM (SELECT l.account, sum(l.amount) AS delta FROM lines l GROUP BY l.account) AS d
       WHERE a.id = d.account AND a.tracks_balance
      RETURNING a.id, a.balance_minor - d.delta AS before),
    written AS (
      INSERT INTO journal_lines AS j (entry_id, account_id, amount_minor, balance_after_minor)
      SELECT l.entry, l.account, l.amount,
             m.before + sum(l.amount) OVER (PARTITION BY l.account ORDER BY l.n)
        FROM lines l LEFT JOIN moved m ON m.id = l.account
       ORDER BY l.n
      RETURNING j.id, j.entry_id, j.account_id, j.amount_minor, j.balance_after_minor)
    SELECT l.it, 'posted'::text, w.entry_id, p_hashes[l.it], w.account_id, w.amount_minor, w.balance_after_minor
      FROM written w JOIN lines l ON l.entry = w.entry_id AND l.account = w.account_id
     ORDER BY l.n;
  PERFORM set_config('ledger.checked_insert', 'off', true);

  -- A balance may not pass below zero at any line of the set, not only after its last.
  SELECT l.account_id || ':' || (l.balance_after_minor - l.amount_minor) INTO v_problem
    FROM journal_lines l WHERE l.entry_id = ANY (v_claimed_ids) AND l.balance_after_minor < 0
   ORDER BY l.id LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger_insufficient_funds' USING ERRCODE = 'P0001', DETAIL = v_problem;
  END IF;

  RETURN QUERY
    SELECT i::integer, 'replayed'::text, e.id, e.request_hash, l.account_id, l.amount_minor, l.balance_after_minor
      FROM generate_subscripts(p_keys, 1) AS i
      JOIN journal_entries e ON e.idempotency_key = p_keys[i]
      JOIN journal_lines l ON l.entry_id = e.id
     WHERE NOT (p_keys[i] = ANY (v_claimed_keys))
     ORDER BY i, l.id;
END $$;

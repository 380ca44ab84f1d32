-- Seed only (db/seed/team.ts, through SeamlessService.recordPastRounds and VendorPostings.postPastRounds): vendor
-- rounds of the past, each a bet and its win that closes the round, written set-based in one call with the times
-- they were played. One call through ledger_vendor_calls costs milliseconds on the embedded database, too slow for
-- the demo team's month at every first start (docs/decisions.md, "The demo team's past"). What the calls would have
-- written is written here: a journal entry per stake and per win above zero (keys `vendor:<vendor>:<tx>`, the call's
-- hash), its two lines with the member's balance after each, the vendor transactions with their entry and balance,
-- the closed rounds, and the balances. The members' balance rows are locked first, in id order; no balance may go
-- below zero at any step, or nothing is written; the journal's statement trigger checks every entry written.
-- Round i's bet is `<round>-b`, its win `<round>-w`; a member's rounds must come in the order they were played.
CREATE OR REPLACE FUNCTION ledger_vendor_rounds_past(
  p_vendors text[], p_rounds text[], p_members bigint[], p_accounts bigint[], p_clearings bigint[], p_nodes text[],
  p_stakes bigint[], p_wins bigint[], p_bet_times timestamptz[], p_win_times timestamptz[], p_bet_hashes text[],
  p_win_hashes text[], p_currency text
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_short record;
BEGIN
  PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (p_accounts) AND a.tracks_balance ORDER BY a.id
    FOR NO KEY UPDATE;

  CREATE TEMP TABLE past_calls ON COMMIT DROP AS
  WITH rounds AS (
    SELECT * FROM unnest(p_vendors, p_rounds, p_members, p_accounts, p_clearings, p_nodes, p_stakes, p_wins,
                         p_bet_times, p_win_times, p_bet_hashes, p_win_hashes)
      WITH ORDINALITY AS r(vendor, round_id, member_id, account, clearing, node, stake, win, bet_at, win_at,
                           bet_hash, win_hash, n)
  ), calls AS (
    SELECT r.n * 2 - 1 AS seq, 'bet' AS kind, r.vendor, r.round_id || '-b' AS tx, r.round_id, r.member_id, r.account,
           r.clearing, r.node, NULL::text AS bet_tx, r.stake AS amount, -r.stake AS delta, r.bet_at AS at,
           r.bet_hash AS hash
      FROM rounds r
    UNION ALL
    SELECT r.n * 2, 'win', r.vendor, r.round_id || '-w', r.round_id, r.member_id, r.account, r.clearing, NULL,
           r.round_id || '-b', r.win, r.win, r.win_at, r.win_hash
      FROM rounds r
  )
  SELECT c.*, a.balance_minor + sum(c.delta) OVER (PARTITION BY c.account ORDER BY c.seq) AS balance_after
    FROM calls c JOIN ledger_accounts a ON a.id = c.account;

  SELECT p.account, p.balance_after INTO v_short FROM past_calls p WHERE p.balance_after < 0 ORDER BY p.seq LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger_insufficient_funds'
      USING ERRCODE = 'P0001', DETAIL = v_short.account::text || ':' || v_short.balance_after::text;
  END IF;

  WITH entries AS (
    INSERT INTO journal_entries (type, reference, idempotency_key, request_hash, created_at)
    SELECT p.kind, 'bet:' || p.vendor || ':' || p.round_id, 'vendor:' || p.vendor || ':' || p.tx, p.hash, p.at
      FROM past_calls p WHERE p.delta <> 0 ORDER BY p.seq
    RETURNING id, idempotency_key
  ), posted AS (
    SELECT p.*, e.id AS entry_id
      FROM past_calls p LEFT JOIN entries e ON e.idempotency_key = 'vendor:' || p.vendor || ':' || p.tx
  ), lines AS (
    INSERT INTO journal_lines (entry_id, account_id, amount_minor, balance_after_minor, created_at)
    SELECT p.entry_id, x.account_id, x.amount, x.balance, p.at
      FROM posted p
      CROSS JOIN LATERAL (VALUES (p.account, p.delta, p.balance_after), (p.clearing, -p.delta, NULL::bigint))
        AS x(account_id, amount, balance)
     WHERE p.entry_id IS NOT NULL
     ORDER BY p.seq, x.account_id
  ), closed AS (
    INSERT INTO vendor_rounds (vendor_code, member_id, round_id, closed_by_tx_id, closed_at)
    SELECT p.vendor, p.member_id, p.round_id, p.tx, p.at FROM posted p WHERE p.kind = 'win'
  )
  INSERT INTO vendor_transactions (vendor_code, tx_id, kind, status, member_id, round_id, node_id, bet_tx_id,
                                   amount_minor, currency, round_closed, request_hash, entry_id,
                                   balance_after_minor, created_at)
  SELECT p.vendor, p.tx, p.kind, 'applied', p.member_id, p.round_id, p.node, p.bet_tx, p.amount, p_currency,
         p.kind = 'win', p.hash, p.entry_id, p.balance_after, p.at
    FROM posted p ORDER BY p.seq;

  UPDATE ledger_accounts a SET balance_minor = a.balance_minor + t.total
    FROM (SELECT p.account, sum(p.delta) AS total FROM past_calls p GROUP BY p.account) t
   WHERE a.id = t.account AND t.total <> 0;

  DROP TABLE past_calls;
  RETURN coalesce(array_length(p_rounds, 1), 0);
END $$;

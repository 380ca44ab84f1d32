-- The seamless wallet that game vendors call (/vendor/<code>/...): their integrations, players' launch sessions,
-- every vendor transaction once, and closed rounds. Money itself only moves in the journal, through ledger_post;
-- these tables say which vendor call moved it, and answer a retried call with the first answer.

CREATE TABLE vendor_integrations (
  vendor_code     text PRIMARY KEY CHECK (vendor_code ~ '^[A-Z0-9_]{2,32}$'),
  -- The shared HMAC key. It is needed in clear to check signatures, so reading this table is reading the key.
  secret          text NOT NULL CHECK (length(secret) BETWEEN 32 AND 256),
  -- The real-money currency the vendor plays in; trial members play in DEMO on the same integration.
  currency        text NOT NULL CHECK (currency ~ '^[A-Z]{3,5}$' AND currency <> 'DEMO'),
  enabled         boolean NOT NULL DEFAULT true,
  -- A launch session ends after this many minutes without a bet.
  session_minutes integer NOT NULL DEFAULT 30 CHECK (session_minutes BETWEEN 1 AND 1440),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

-- A game launch: the vendor receives the token, the portal keeps only its SHA-256. The session names the ledger
-- account it plays (the member's cash, or a trial member's demo money).
CREATE TABLE game_sessions (
  token_hash  text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  member_id   bigint NOT NULL REFERENCES members (id),
  vendor_code text NOT NULL REFERENCES vendor_integrations (vendor_code),
  node_id     text NOT NULL CHECK (node_id ~ '^[A-Za-z0-9_.:-]{1,64}$'),
  currency    text NOT NULL CHECK (currency ~ '^[A-Z]{3,5}$'),
  account_id  bigint NOT NULL REFERENCES ledger_accounts (id),
  demo        boolean NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  CHECK (demo = (currency = 'DEMO'))
);
CREATE INDEX game_sessions_member ON game_sessions (member_id, vendor_code);
CREATE INDEX game_sessions_expiry ON game_sessions (expires_at);

-- Every vendor transaction id, claimed once per vendor (bets, wins and rollbacks share the id space). A bet that
-- a rollback named before it arrived is held by a 'voided' marker row, so the late bet finds its id taken and is
-- refused. The row keeps what is needed to answer a retry identically: the request's hash and the balance answered.
-- No foreign keys: the rows are written on the hottest path, from ids the same statement has just checked.
CREATE TABLE vendor_transactions (
  vendor_code         text NOT NULL,
  tx_id               text NOT NULL CHECK (tx_id ~ '^[A-Za-z0-9_.:-]{1,64}$'),
  kind                text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
  -- applied: done as asked; rolled_back: a bet later refunded; voided: a marker for a bet refused in advance.
  status              text NOT NULL CHECK (status IN ('applied', 'rolled_back', 'voided')),
  member_id           bigint NOT NULL,
  round_id            text NOT NULL CHECK (round_id ~ '^[A-Za-z0-9_.:-]{1,64}$'),
  node_id             text,
  -- The bet a win or rollback names.
  bet_tx_id           text,
  -- The money moved for the member (a bet's stake, a win, a rollback's refund); null on a marker.
  amount_minor        bigint CHECK (amount_minor >= 0),
  currency            text NOT NULL,
  round_closed        boolean NOT NULL DEFAULT false,
  request_hash        text,
  -- The journal entry that moved the money; null when nothing moved (a zero win, a rollback of nothing).
  entry_id            bigint,
  balance_after_minor bigint,
  created_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor_code, tx_id),
  CHECK ((status = 'voided') = (request_hash IS NULL)),
  CHECK (status = 'applied' OR kind = 'bet'),
  CHECK (status = 'voided' OR (amount_minor IS NOT NULL AND balance_after_minor IS NOT NULL))
);
-- A win without a bet id pays the member's round: its bets are found here.
CREATE INDEX vendor_transactions_round ON vendor_transactions (vendor_code, member_id, round_id) WHERE kind = 'bet';

-- Rows never change, except a bet that a rollback refunds; nothing is ever removed.
CREATE FUNCTION vendor_transactions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.kind = 'bet' AND OLD.status = 'applied' AND NEW.status = 'rolled_back'
     AND to_jsonb(NEW) - 'status' = to_jsonb(OLD) - 'status' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'vendor transactions only change from applied to rolled back (% refused)', TG_OP
    USING ERRCODE = '55000';
END $$;
CREATE TRIGGER vendor_transactions_guarded BEFORE UPDATE OR DELETE ON vendor_transactions
  FOR EACH ROW EXECUTE FUNCTION vendor_transactions_guard();

-- Rounds that a win closed. A round is open from its first bet until it has a row here (a slot spin opens and
-- closes one round, so keeping open rounds too would cost a write per spin); a closed round takes no more bets.
-- Rounds are the member's: players at one live table share the vendor's round id.
CREATE TABLE vendor_rounds (
  vendor_code     text NOT NULL,
  member_id       bigint NOT NULL,
  round_id        text NOT NULL,
  closed_by_tx_id text NOT NULL,
  closed_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor_code, member_id, round_id)
);
CREATE FUNCTION seamless_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = '55000';
END $$;
CREATE TRIGGER vendor_rounds_append_only BEFORE UPDATE OR DELETE ON vendor_rounds
  FOR EACH ROW EXECUTE FUNCTION seamless_refuse_change();

-- ---- The vendor calls, one statement each ----
-- Each call is one function: the claim of the vendor's transaction id, the checks, the posting through
-- ledger_post and the row that answers a retry commit together or not at all. A refusal raises 'seamless_refused'
-- with DETAIL '<ERROR_CODE>:<balance in minor units>' (the balance may be empty), which rolls everything back.
-- Checks that must see other calls of the same member run after the posting: the posting holds the member's
-- balance row, so every call of that member that could change the answer has committed before, or waits.

CREATE FUNCTION seamless_refuse(p_code text, p_balance bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'seamless_refused' USING ERRCODE = 'P0001', DETAIL = p_code || ':' || coalesce(p_balance::text, '');
END $$;

CREATE FUNCTION seamless_balance(p_account bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT a.balance_minor FROM ledger_accounts a WHERE a.id = p_account
$$;

-- The answer to a transaction id seen before: the stored one when the request is the same, else a refusal.
CREATE FUNCTION seamless_replay(p_vendor text, p_tx text, p_kind text, p_hash text, p_account bigint)
RETURNS TABLE (replayed boolean, entry_id bigint, balance_minor bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_kind text;
  v_status text;
  v_hash text;
  v_entry bigint;
  v_balance bigint;
BEGIN
  SELECT t.kind, t.status, t.request_hash, t.entry_id, t.balance_after_minor
    INTO v_kind, v_status, v_hash, v_entry, v_balance
    FROM vendor_transactions t WHERE t.vendor_code = p_vendor AND t.tx_id = p_tx;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'vendor transaction % of % vanished', p_tx, p_vendor;
  END IF;
  IF v_status = 'voided' AND p_kind = 'bet' THEN
    PERFORM seamless_refuse('BET_ROLLED_BACK', seamless_balance(p_account));
  END IF;
  IF v_kind <> p_kind OR v_status = 'voided' OR v_hash <> p_hash THEN
    PERFORM seamless_refuse('DUPLICATE_TRANSACTION', NULL);
  END IF;
  RETURN QUERY SELECT true, v_entry, v_balance;
END $$;

-- Posts `p_amount` to the member's account (negative: a debit) against the vendor's clearing account, under the
-- ledger's own idempotency key; `replayed` when that key was already used.
CREATE FUNCTION seamless_post(
  p_key text, p_hash text, p_type text, p_reference text, p_account bigint, p_clearing bigint, p_amount bigint
) RETURNS TABLE (replayed boolean, entry_id bigint, balance_minor bigint)
LANGUAGE sql AS $$
  SELECT bool_or(p.replayed), max(p.entry_id), max(p.balance_after_minor) FILTER (WHERE p.account_id = p_account)
    FROM ledger_post(p_key, p_hash, p_type, p_reference, NULL,
           CASE WHEN p_account < p_clearing THEN ARRAY[p_account, p_clearing] ELSE ARRAY[p_clearing, p_account] END,
           CASE WHEN p_account < p_clearing THEN ARRAY[p_amount, -p_amount] ELSE ARRAY[-p_amount, p_amount] END) p
$$;

CREATE FUNCTION seamless_bet(
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

CREATE FUNCTION seamless_win(
  p_vendor text, p_tx text, p_hash text, p_member bigint, p_account bigint, p_clearing bigint,
  p_round text, p_bet_tx text, p_amount bigint, p_currency text, p_round_closed boolean
) RETURNS TABLE (replayed boolean, entry_id bigint, balance_minor bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_replayed boolean;
  v_entry bigint;
  v_balance bigint;
  v_kind text;
  v_status text;
  v_member bigint;
  v_round text;
  v_bets integer;
  v_live integer;
BEGIN
  IF EXISTS (SELECT 1 FROM vendor_transactions t WHERE t.vendor_code = p_vendor AND t.tx_id = p_tx) THEN
    RETURN QUERY SELECT * FROM seamless_replay(p_vendor, p_tx, 'win', p_hash, p_account);
    RETURN;
  END IF;

  IF p_amount > 0 THEN
    SELECT p.replayed, p.entry_id, p.balance_minor INTO v_replayed, v_entry, v_balance
      FROM seamless_post('vendor:' || p_vendor || ':' || p_tx, p_hash, 'win', 'bet:' || p_vendor || ':' || p_round,
                         p_account, p_clearing, p_amount) p;
    IF v_replayed THEN
      RETURN QUERY SELECT * FROM seamless_replay(p_vendor, p_tx, 'win', p_hash, p_account);
      RETURN;
    END IF;
  ELSE
    -- Nothing to post, but the balance row is taken all the same (shared), so this win is ordered with the
    -- member's bets and rollbacks exactly as a posting would be.
    SELECT a.balance_minor INTO v_balance FROM ledger_accounts a WHERE a.id = p_account FOR SHARE;
  END IF;

  IF p_bet_tx IS NOT NULL THEN
    SELECT t.kind, t.status, t.member_id, t.round_id INTO v_kind, v_status, v_member, v_round
      FROM vendor_transactions t WHERE t.vendor_code = p_vendor AND t.tx_id = p_bet_tx;
    IF NOT FOUND OR v_kind <> 'bet' OR v_member <> p_member OR v_round <> p_round THEN
      PERFORM seamless_refuse('BET_NOT_FOUND', v_balance - p_amount);
    END IF;
    IF v_status <> 'applied' THEN
      PERFORM seamless_refuse('BET_ROLLED_BACK', v_balance - p_amount);
    END IF;
  ELSE
    SELECT count(*), count(*) FILTER (WHERE t.status = 'applied') INTO v_bets, v_live
      FROM vendor_transactions t
     WHERE t.vendor_code = p_vendor AND t.member_id = p_member AND t.round_id = p_round AND t.kind = 'bet';
    IF v_bets = 0 THEN
      PERFORM seamless_refuse('BET_NOT_FOUND', v_balance - p_amount);
    END IF;
    IF v_live = 0 THEN
      PERFORM seamless_refuse('BET_ROLLED_BACK', v_balance - p_amount);
    END IF;
  END IF;

  IF p_round_closed THEN
    INSERT INTO vendor_rounds AS r (vendor_code, member_id, round_id, closed_by_tx_id)
    VALUES (p_vendor, p_member, p_round, p_tx)
    ON CONFLICT DO NOTHING;
  END IF;

  INSERT INTO vendor_transactions AS t (vendor_code, tx_id, kind, status, member_id, round_id, bet_tx_id,
                                        amount_minor, currency, round_closed, request_hash, entry_id,
                                        balance_after_minor)
  VALUES (p_vendor, p_tx, 'win', 'applied', p_member, p_round, p_bet_tx,
          p_amount, p_currency, p_round_closed, p_hash, v_entry, v_balance)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    IF v_entry IS NOT NULL THEN
      PERFORM seamless_replay(p_vendor, p_tx, 'win', p_hash, p_account);
      RAISE EXCEPTION 'vendor transaction % of % was claimed twice', p_tx, p_vendor;
    END IF;
    -- The same zero win came twice at once (no ledger key orders those): the first one's answer.
    RETURN QUERY SELECT * FROM seamless_replay(p_vendor, p_tx, 'win', p_hash, p_account);
    RETURN;
  END IF;
  RETURN QUERY SELECT false, v_entry, v_balance;
END $$;

CREATE FUNCTION seamless_rollback(
  p_vendor text, p_tx text, p_hash text, p_member bigint, p_account bigint, p_clearing bigint,
  p_round text, p_bet_tx text, p_currency text
) RETURNS TABLE (replayed boolean, entry_id bigint, balance_minor bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_marked boolean := false;
  v_kind text;
  v_status text;
  v_member bigint;
  v_round text;
  v_currency text;
  v_amount bigint;
  v_replayed boolean;
  v_entry bigint;
  v_balance bigint;
  v_refunded bigint := 0;
BEGIN
  IF EXISTS (SELECT 1 FROM vendor_transactions t WHERE t.vendor_code = p_vendor AND t.tx_id = p_tx) THEN
    RETURN QUERY SELECT * FROM seamless_replay(p_vendor, p_tx, 'rollback', p_hash, p_account);
    RETURN;
  END IF;

  -- The named bet is locked, so rollbacks of one bet (under any ids) take turns.
  SELECT t.kind, t.status, t.member_id, t.round_id, t.currency, t.amount_minor
    INTO v_kind, v_status, v_member, v_round, v_currency, v_amount
    FROM vendor_transactions t WHERE t.vendor_code = p_vendor AND t.tx_id = p_bet_tx
     FOR UPDATE;
  IF NOT FOUND THEN
    -- The bet has not arrived: a marker under its id makes the late bet find its id taken and be refused.
    INSERT INTO vendor_transactions AS t (vendor_code, tx_id, kind, status, member_id, round_id, currency)
    VALUES (p_vendor, p_bet_tx, 'bet', 'voided', p_member, p_round, p_currency)
    ON CONFLICT DO NOTHING;
    v_marked := FOUND;
    IF NOT v_marked THEN
      -- The bet (or another rollback's marker) arrived meanwhile.
      SELECT t.kind, t.status, t.member_id, t.round_id, t.currency, t.amount_minor
        INTO v_kind, v_status, v_member, v_round, v_currency, v_amount
        FROM vendor_transactions t WHERE t.vendor_code = p_vendor AND t.tx_id = p_bet_tx
         FOR UPDATE;
    END IF;
  END IF;

  IF NOT v_marked
     AND (v_kind <> 'bet' OR v_member <> p_member OR v_round <> p_round OR v_currency <> p_currency) THEN
    PERFORM seamless_refuse('BET_NOT_FOUND', seamless_balance(p_account));
  END IF;

  IF NOT v_marked AND v_status = 'applied' THEN
    SELECT p.replayed, p.entry_id, p.balance_minor INTO v_replayed, v_entry, v_balance
      FROM seamless_post('vendor:' || p_vendor || ':' || p_tx, p_hash, 'refund', 'bet:' || p_vendor || ':' || p_round,
                         p_account, p_clearing, v_amount) p;
    IF v_replayed THEN
      PERFORM seamless_replay(p_vendor, p_tx, 'rollback', p_hash, p_account);
      RAISE EXCEPTION 'vendor transaction % of % was claimed twice', p_tx, p_vendor;
    END IF;
    UPDATE vendor_transactions t SET status = 'rolled_back' WHERE t.vendor_code = p_vendor AND t.tx_id = p_bet_tx;
    v_refunded := v_amount;
  ELSE
    -- Rolled back already (under another id), or never placed: nothing moves, the balance is answered as it is.
    v_balance := seamless_balance(p_account);
  END IF;

  INSERT INTO vendor_transactions AS t (vendor_code, tx_id, kind, status, member_id, round_id, bet_tx_id,
                                        amount_minor, currency, request_hash, entry_id, balance_after_minor)
  VALUES (p_vendor, p_tx, 'rollback', 'applied', p_member, p_round, p_bet_tx,
          v_refunded, p_currency, p_hash, v_entry, v_balance)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    IF v_entry IS NOT NULL THEN
      PERFORM seamless_replay(p_vendor, p_tx, 'rollback', p_hash, p_account);
      RAISE EXCEPTION 'vendor transaction % of % was claimed twice', p_tx, p_vendor;
    END IF;
    RETURN QUERY SELECT * FROM seamless_replay(p_vendor, p_tx, 'rollback', p_hash, p_account);
    RETURN;
  END IF;
  RETURN QUERY SELECT false, v_entry, v_balance;
END $$;

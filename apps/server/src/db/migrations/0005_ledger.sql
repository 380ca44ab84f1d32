-- The double-entry ledger: accounts, journal entries whose lines sum to zero, integer minor units.

-- Member accounts keep a running balance that can never go below zero. System accounts (house, vendor and
-- payment-channel clearing, adjustments) keep none: their balance is the sum of their lines, so no single row
-- is updated by every bet (no hot row).
CREATE TABLE ledger_accounts (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code           text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9_:.-]{3,120}$'),
  kind           text NOT NULL CHECK (kind IN (
                   'member_cash', 'member_bonus', 'withdrawal_hold', 'demo',
                   'house', 'vendor_clearing', 'channel_clearing', 'adjustment')),
  member_id      bigint REFERENCES members (id),
  currency       text NOT NULL CHECK (currency ~ '^[A-Z]{3,5}$'),
  tracks_balance boolean NOT NULL,
  balance_minor  bigint NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_balance_not_negative CHECK (balance_minor >= 0),
  CHECK (tracks_balance OR balance_minor = 0),
  CHECK ((member_id IS NOT NULL) = (kind IN ('member_cash', 'member_bonus', 'withdrawal_hold', 'demo'))),
  CHECK (tracks_balance = (member_id IS NOT NULL))
);
CREATE UNIQUE INDEX ledger_accounts_member_kind ON ledger_accounts (member_id, kind, currency) WHERE member_id IS NOT NULL;

CREATE TABLE journal_entries (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type              text NOT NULL CHECK (type IN (
                      'deposit', 'withdrawal', 'bet', 'win', 'refund', 'transfer', 'bonus', 'rebate',
                      'salary', 'dividend', 'adjustment', 'reversal')),
  reference         text NOT NULL CHECK (length(reference) BETWEEN 1 AND 200),
  -- Unique from the first migration: a retried request finds its entry instead of moving money again.
  idempotency_key   text UNIQUE CHECK (length(idempotency_key) BETWEEN 8 AND 200),
  request_hash      text,
  reverses_entry_id bigint UNIQUE REFERENCES journal_entries (id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK ((idempotency_key IS NULL) = (request_hash IS NULL)),
  CHECK ((type = 'reversal') = (reverses_entry_id IS NOT NULL))
);

CREATE TABLE journal_lines (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id            bigint NOT NULL REFERENCES journal_entries (id),
  account_id          bigint NOT NULL REFERENCES ledger_accounts (id),
  amount_minor        bigint NOT NULL CHECK (amount_minor <> 0),
  -- The account's balance after this line, for accounts that keep one.
  balance_after_minor bigint,
  created_at          timestamptz NOT NULL DEFAULT now(),
  UNIQUE (entry_id, account_id)
);
CREATE INDEX journal_lines_account ON journal_lines (account_id, id);

-- Entries and lines are never changed or removed: a mistake is corrected by a reversing entry.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the journal is append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = '55000';
END $$;
CREATE TRIGGER journal_lines_append_only BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER journal_lines_no_truncate BEFORE TRUNCATE ON journal_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- Every entry balances, checked at commit, whatever code wrote it.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  lines integer;
BEGIN
  SELECT coalesce(sum(amount_minor), 0), count(*) INTO total, lines FROM journal_lines WHERE entry_id = NEW.entry_id;
  IF total <> 0 OR lines < 2 THEN
    RAISE EXCEPTION 'journal entry % does not balance (% over % lines)', NEW.entry_id, total, lines
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();

INSERT INTO ledger_accounts (code, kind, currency, tracks_balance) VALUES
  ('house:bdt', 'house', 'BDT', false),
  ('adjustment:bdt', 'adjustment', 'BDT', false);

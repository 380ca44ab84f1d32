-- An entry moves one currency: the commit-time check now also refuses lines in different currencies, so demo
-- money (currency DEMO, free play) can never turn into real money.
CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  lines integer;
  currencies integer;
BEGIN
  SELECT coalesce(sum(l.amount_minor), 0), count(*), count(DISTINCT a.currency)
    INTO total, lines, currencies
    FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id
   WHERE l.entry_id = NEW.entry_id;
  IF total <> 0 OR lines < 2 THEN
    RAISE EXCEPTION 'journal entry % does not balance (% over % lines)', NEW.entry_id, total, lines
      USING ERRCODE = '23514';
  END IF;
  IF currencies <> 1 THEN
    RAISE EXCEPTION 'journal entry % mixes currencies', NEW.entry_id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;

-- Where free-play demo balances come from.
INSERT INTO ledger_accounts (code, kind, currency, tracks_balance) VALUES ('demo:issuer', 'adjustment', 'DEMO', false);

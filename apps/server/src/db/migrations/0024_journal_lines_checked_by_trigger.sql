-- Journal lines name their entry and their account without foreign keys. A key made every line run a query and take
-- a key-share lock on the row it names (one more WAL record each), and a vendor's or a channel's clearing account is
-- named by nearly every posting: with several postings in flight each lock of it joined a multixact of all the
-- others, and building those took a fifth of PostgreSQL's time on the seamless benchmark. What the keys guaranteed
-- still holds in the database: entries and accounts are never removed (the journal's append-only triggers, and the
-- trigger below), the posting functions write an entry and then its lines in one statement after checking that
-- every account exists, and the statement trigger on journal_lines checks both for any other writer
-- (db/functions/ledger_check_entries_balanced.sql).
ALTER TABLE journal_lines DROP CONSTRAINT journal_lines_account_id_fkey;
ALTER TABLE journal_lines DROP CONSTRAINT journal_lines_entry_id_fkey;
-- Its first definition, for the triggers below; the current one is db/functions/ledger_refuse_removal.sql.
CREATE FUNCTION ledger_refuse_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger accounts are never removed (% refused)', TG_OP USING ERRCODE = '55000';
END $$;
CREATE TRIGGER ledger_accounts_kept BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_removal();
CREATE TRIGGER ledger_accounts_kept_whole BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_removal();

-- Only reversals name the entry they reverse: the unique index need not hold the null of every other entry.
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_reverses_entry_id_key;
CREATE UNIQUE INDEX journal_entries_reverses_entry_id_key ON journal_entries (reverses_entry_id)
  WHERE reverses_entry_id IS NOT NULL;

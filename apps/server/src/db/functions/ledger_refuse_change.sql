-- Entries and lines are never changed or removed: a mistake is corrected by a reversing entry.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the journal is append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = '55000';
END $$;

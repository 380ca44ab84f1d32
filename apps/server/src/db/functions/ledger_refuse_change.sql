-- Trigger of the append-only tables (journal entries and lines, vendor rounds): a row is never changed or removed;
-- a mistake is corrected by a reversing entry.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = '55000';
END $$;

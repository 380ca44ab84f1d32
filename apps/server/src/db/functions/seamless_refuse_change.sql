-- Trigger of append-only tables (vendor_rounds): no row is changed or removed.
CREATE OR REPLACE FUNCTION seamless_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = '55000';
END $$;

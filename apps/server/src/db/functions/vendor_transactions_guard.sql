-- Rows never change, except a bet that a rollback refunds; nothing is ever removed.
CREATE OR REPLACE FUNCTION vendor_transactions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.kind = 'bet' AND OLD.status = 'applied' AND NEW.status = 'rolled_back'
     AND to_jsonb(NEW) - 'status' = to_jsonb(OLD) - 'status' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'vendor transactions only change from applied to rolled back (% refused)', TG_OP
    USING ERRCODE = '55000';
END $$;

-- Raises `message` (SQLSTATE P0001) unless `condition` holds. A statement that writes a caller's rows and posts their
-- money (Ledger.postWith) uses it to fail whole when the rows it wrote and the money it would post disagree.
CREATE OR REPLACE FUNCTION ledger_require(p_condition boolean, p_message text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF p_condition IS NOT TRUE THEN
    RAISE EXCEPTION '%', p_message USING ERRCODE = 'P0001';
  END IF;
  RETURN true;
END $$;

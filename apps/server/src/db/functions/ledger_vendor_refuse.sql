-- Refuses a vendor call: DETAIL is '<ERROR_CODE>:<balance in minor units>' (the balance may be empty).
CREATE OR REPLACE FUNCTION ledger_vendor_refuse(p_code text, p_balance bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'vendor_call_refused' USING ERRCODE = 'P0001', DETAIL = p_code || ':' || coalesce(p_balance::text, '');
END $$;

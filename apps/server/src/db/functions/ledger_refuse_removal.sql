-- Trigger of ledger_accounts: an account is never removed, so every journal line's account exists for ever.
CREATE OR REPLACE FUNCTION ledger_refuse_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger accounts are never removed (% refused)', TG_OP USING ERRCODE = '55000';
END $$;

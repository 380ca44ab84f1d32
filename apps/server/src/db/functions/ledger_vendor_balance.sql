-- A member account's stored balance, for the answers of refused calls.
CREATE OR REPLACE FUNCTION ledger_vendor_balance(p_account bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT a.balance_minor FROM ledger_accounts a WHERE a.id = p_account
$$;

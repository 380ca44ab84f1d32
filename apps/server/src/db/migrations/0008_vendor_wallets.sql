-- Members' wallets at game vendors in transfer mode: member accounts of kind 'vendor_wallet', one per vendor.
ALTER TABLE ledger_accounts ADD COLUMN vendor_code text CHECK (vendor_code ~ '^[A-Z0-9_]{2,32}$');

-- The checks that list member account kinds are replaced (found by their text: they were created unnamed).
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint
            WHERE conrelid = 'ledger_accounts'::regclass AND contype = 'c'
              AND pg_get_constraintdef(oid) LIKE '%member_cash%'
  LOOP
    EXECUTE format('ALTER TABLE ledger_accounts DROP CONSTRAINT %I', c.conname);
  END LOOP;
END $$;

ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_accounts_kind CHECK (kind IN (
    'member_cash', 'member_bonus', 'withdrawal_hold', 'demo', 'vendor_wallet',
    'house', 'vendor_clearing', 'channel_clearing', 'adjustment')),
  ADD CONSTRAINT ledger_accounts_member_kinds CHECK (
    (member_id IS NOT NULL) = (kind IN ('member_cash', 'member_bonus', 'withdrawal_hold', 'demo', 'vendor_wallet'))),
  ADD CONSTRAINT ledger_accounts_vendor_wallet CHECK ((kind = 'vendor_wallet') = (vendor_code IS NOT NULL));

DROP INDEX ledger_accounts_member_kind;
CREATE UNIQUE INDEX ledger_accounts_member_kind ON ledger_accounts (member_id, kind, currency, coalesce(vendor_code, ''))
  WHERE member_id IS NOT NULL;

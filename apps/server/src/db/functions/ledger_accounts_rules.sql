-- The rules on a ledger account's fixed columns (code, kind, currency, owner, vendor), checked only when a row is
-- inserted or one of those columns is set: as CHECK constraints PostgreSQL re-planned them on every balance UPDATE.
CREATE OR REPLACE FUNCTION ledger_accounts_rules() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_member_kind boolean := NEW.kind IN ('member_cash', 'member_bonus', 'withdrawal_hold', 'demo', 'vendor_wallet');
BEGIN
  IF NEW.code !~ '^[a-z0-9_:.-]{3,120}$' THEN
    RAISE EXCEPTION 'ledger account code % is malformed', NEW.code USING ERRCODE = '23514';
  END IF;
  IF NEW.kind NOT IN ('member_cash', 'member_bonus', 'withdrawal_hold', 'demo', 'vendor_wallet',
                      'house', 'vendor_clearing', 'channel_clearing', 'adjustment') THEN
    RAISE EXCEPTION 'ledger account kind % is unknown', NEW.kind USING ERRCODE = '23514';
  END IF;
  IF NEW.currency !~ '^[A-Z]{3,5}$' THEN
    RAISE EXCEPTION 'ledger account currency % is malformed', NEW.currency USING ERRCODE = '23514';
  END IF;
  IF (NEW.member_id IS NOT NULL) <> v_member_kind THEN
    RAISE EXCEPTION 'a % account %', NEW.kind, CASE WHEN v_member_kind THEN 'needs a member' ELSE 'has no member' END
      USING ERRCODE = '23514';
  END IF;
  IF NEW.tracks_balance <> (NEW.member_id IS NOT NULL) THEN
    RAISE EXCEPTION 'member accounts and only they keep a running balance' USING ERRCODE = '23514';
  END IF;
  IF (NEW.kind = 'vendor_wallet') <> (NEW.vendor_code IS NOT NULL)
     OR NEW.vendor_code !~ '^[A-Z0-9_]{2,32}$' THEN
    RAISE EXCEPTION 'vendor wallets and only they name a vendor (%)', NEW.vendor_code USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;

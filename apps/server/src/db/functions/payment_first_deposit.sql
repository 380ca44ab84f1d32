-- A confirmed deposit (inserted confirmed, or confirmed later): the member's first confirmed deposit ever is the
-- earlier (updated_at, id) of this one and the one kept, whatever order the confirmations commit in (an insert that
-- meets a row still being written waits for it and compares with it). Owned by the payments module; the trigger is
-- in migration 0050.
CREATE OR REPLACE FUNCTION payment_first_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_first_deposits (member_id, deposit_id, confirmed_at)
  VALUES (NEW.member_id, NEW.id, NEW.updated_at)
  ON CONFLICT (member_id) DO UPDATE SET deposit_id = EXCLUDED.deposit_id, confirmed_at = EXCLUDED.confirmed_at
   WHERE (EXCLUDED.confirmed_at, EXCLUDED.deposit_id)
         < (payment_first_deposits.confirmed_at, payment_first_deposits.deposit_id);
  RETURN NULL;
END $$;

-- A member's first deposit ever counts on the day of its confirmation, whatever its currency: when the trigger of
-- payment_first_deposit.sql finds an earlier one, the count moves to that one's day. Logged for the team roll-up
-- (migration 0052). Owned by the payments module.
CREATE OR REPLACE FUNCTION payment_facts_first_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.member_id, OLD.confirmed_at) = (NEW.member_id, NEW.confirmed_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO payment_fact_changes (member_id, at, currency, first_deposits)
    VALUES (OLD.member_id, OLD.confirmed_at, '', -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO payment_fact_changes (member_id, at, currency, first_deposits)
    VALUES (NEW.member_id, NEW.confirmed_at, '', 1);
  END IF;
  RETURN NULL;
END $$;

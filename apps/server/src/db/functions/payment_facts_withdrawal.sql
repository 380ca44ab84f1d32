-- A withdrawal counts on the day of its 'paid' event while its status says the money left the member (paid,
-- received, not_received, fully_paid: PAID_OUT of payments/team-figures.ts). When a status change (a refund) takes
-- it out of those, or any change of the row alters what counts, the log (migration 0052) gets what left the figures
-- on the day it was paid and what came in. Owned by the payments module.
CREATE OR REPLACE FUNCTION payment_facts_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid_out text[] := ARRAY['paid', 'received', 'not_received', 'fully_paid'];
  was boolean := OLD.status = ANY (paid_out);
  now_counts boolean := NEW.status = ANY (paid_out);
BEGIN
  IF was = now_counts AND (NOT was OR (OLD.member_id, OLD.currency, OLD.amount_minor)
                                      = (NEW.member_id, NEW.currency, NEW.amount_minor)) THEN
    RETURN NULL;
  END IF;
  IF was THEN
    INSERT INTO payment_fact_changes (member_id, at, currency, withdrawal_minor, withdrawal_count)
    SELECT OLD.member_id, e.created_at, OLD.currency, -OLD.amount_minor, -1
      FROM withdrawal_events e WHERE e.withdrawal_id = OLD.id AND e.status = 'paid';
  END IF;
  IF now_counts THEN
    INSERT INTO payment_fact_changes (member_id, at, currency, withdrawal_minor, withdrawal_count)
    SELECT NEW.member_id, e.created_at, NEW.currency, NEW.amount_minor, 1
      FROM withdrawal_events e WHERE e.withdrawal_id = NEW.id AND e.status = 'paid';
  END IF;
  RETURN NULL;
END $$;

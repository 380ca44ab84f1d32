-- A deposit's figures as the team reports count them (payments/team-figures.ts): a confirmed deposit counts on the
-- day of its confirmation (updated_at). Whatever changed of the row, the log (migration 0052) gets what left the
-- figures and what came in, so the roll-up's sums follow the table. Owned by the payments module.
CREATE OR REPLACE FUNCTION payment_facts_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP = 'UPDATE' AND OLD.status = 'confirmed';
  now_counts boolean := NEW.status = 'confirmed';
BEGIN
  IF was AND now_counts AND (OLD.member_id, OLD.updated_at, OLD.currency, OLD.amount_minor)
                            = (NEW.member_id, NEW.updated_at, NEW.currency, NEW.amount_minor) THEN
    RETURN NULL;
  END IF;
  IF was THEN
    INSERT INTO payment_fact_changes (member_id, at, currency, deposit_minor, deposit_count)
    VALUES (OLD.member_id, OLD.updated_at, OLD.currency, -OLD.amount_minor, -1);
  END IF;
  IF now_counts THEN
    INSERT INTO payment_fact_changes (member_id, at, currency, deposit_minor, deposit_count)
    VALUES (NEW.member_id, NEW.updated_at, NEW.currency, NEW.amount_minor, 1);
  END IF;
  RETURN NULL;
END $$;

-- A withdrawal's 'paid' event: the payout counts on its day if the withdrawal's status says the money left the
-- member (payment_facts_withdrawal.sql); logged for the team roll-up (migration 0052). Owned by the payments module.
CREATE OR REPLACE FUNCTION payment_facts_withdrawal_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_fact_changes (member_id, at, currency, withdrawal_minor, withdrawal_count)
  SELECT w.member_id, NEW.created_at, w.currency, w.amount_minor, 1
    FROM withdrawals w
   WHERE w.id = NEW.withdrawal_id AND w.status IN ('paid', 'received', 'not_received', 'fully_paid');
  RETURN NULL;
END $$;

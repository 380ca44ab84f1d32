-- Team reports (issue 29, "Speed"): each member's first confirmed deposit ever, kept by a trigger in the transaction
-- that confirms a deposit, so that a report counts a range's first deposits from this table's time index instead of
-- checking every confirmed deposit of the range against the member's earlier ones (payments/team-figures.ts). A
-- confirmed deposit stays confirmed and keeps its time (deposits.ts), so the earliest (updated_at, id) of a member's
-- confirmed deposits only ever moves earlier: the trigger keeps the smaller of the row and the one it finds, and
-- confirmations committed in any order leave the same row.
CREATE TABLE payment_first_deposits (
  member_id    bigint PRIMARY KEY,
  deposit_id   bigint NOT NULL,
  confirmed_at timestamptz NOT NULL
);
CREATE INDEX payment_first_deposits_at ON payment_first_deposits (confirmed_at) INCLUDE (member_id);

-- Its first definition, for the trigger below; the current one is db/functions/payment_first_deposit.sql.
CREATE FUNCTION payment_first_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_first_deposits (member_id, deposit_id, confirmed_at)
  VALUES (NEW.member_id, NEW.id, NEW.updated_at)
  ON CONFLICT (member_id) DO UPDATE SET deposit_id = EXCLUDED.deposit_id, confirmed_at = EXCLUDED.confirmed_at
   WHERE (EXCLUDED.confirmed_at, EXCLUDED.deposit_id)
         < (payment_first_deposits.confirmed_at, payment_first_deposits.deposit_id);
  RETURN NULL;
END $$;
CREATE TRIGGER deposit_orders_first AFTER INSERT OR UPDATE OF status ON deposit_orders
  FOR EACH ROW WHEN (NEW.status = 'confirmed') EXECUTE FUNCTION payment_first_deposit();

INSERT INTO payment_first_deposits (member_id, deposit_id, confirmed_at)
SELECT DISTINCT ON (member_id) member_id, id, updated_at
  FROM deposit_orders
 WHERE status = 'confirmed'
 ORDER BY member_id, updated_at, id;

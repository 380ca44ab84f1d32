-- Team reports (issue 29, "Speed"): the overview's and profit and loss's payments and registrations are the range's
-- rows joined to the team, so that PostgreSQL may read a short range's rows by time instead of probing every team
-- member (payments/team-figures.ts, agents/repository.ts `registrations`).
CREATE INDEX deposit_orders_confirmed_at ON deposit_orders (updated_at) INCLUDE (member_id, amount_minor, currency)
  WHERE status = 'confirmed';
CREATE INDEX withdrawal_events_paid_at ON withdrawal_events (created_at) INCLUDE (withdrawal_id) WHERE status = 'paid';
CREATE INDEX members_created_at ON members (created_at);

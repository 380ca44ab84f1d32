-- Team reports over a month at a cost that does not grow with the team's payments (issue 29, "Speed"): the payments
-- module keeps, like the wallet's play roll-up, per-agent rows of its figures for the tree as it stood each day.
--
-- A payment's figures can change after its day: a withdrawal paid out on one day and refunded on a later one leaves
-- the first day's figures, and a member's first deposit can move to an earlier deposit confirmed late. So the rows
-- are not read from the payment tables by time but from a log of the changes of each member's figures, written by
-- triggers in the transaction that changes them (db/functions/payment_facts_*.sql): each row the amounts and counts
-- that a payment added to (or, negative, took from) the member's figures of the brand-zone day of `at`. The roll-up
-- job (payments/team-rollup.ts) adds up the log up to its watermark; a report adds the rows above it as they are.
CREATE TABLE payment_fact_changes (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id        bigint NOT NULL,
  at               timestamptz NOT NULL,
  -- The currency of the amounts and of the deposit and withdrawal counts; a first deposit counts whatever it is.
  currency         text NOT NULL,
  deposit_minor    bigint NOT NULL DEFAULT 0,
  deposit_count    integer NOT NULL DEFAULT 0,
  first_deposits   integer NOT NULL DEFAULT 0,
  withdrawal_minor bigint NOT NULL DEFAULT 0,
  withdrawal_count integer NOT NULL DEFAULT 0
);
-- A member's changes of a day, which the roll-up adds up again whole; the changes of a range above the watermark.
CREATE INDEX payment_fact_changes_member ON payment_fact_changes (member_id, at);

-- Per member and brand-zone day, the sums of its changes in the roll-up's currency (first deposits in any).
CREATE TABLE payment_member_days (
  member_id        bigint NOT NULL,
  day              date NOT NULL,
  deposit_minor    bigint NOT NULL,
  deposit_count    integer NOT NULL,
  first_deposits   integer NOT NULL,
  withdrawal_minor bigint NOT NULL,
  withdrawal_count integer NOT NULL,
  PRIMARY KEY (member_id, day)
);

-- Per agent and day, the sums of the member days of its team of that day: the overview's payment figures.
CREATE TABLE payment_team_days (
  agent_id         bigint NOT NULL,
  day              date NOT NULL,
  deposit_minor    bigint NOT NULL,
  deposit_count    integer NOT NULL,
  first_deposits   integer NOT NULL,
  withdrawal_minor bigint NOT NULL,
  withdrawal_count integer NOT NULL,
  PRIMARY KEY (agent_id, day)
);

-- Per agent, month (its first day) and team member with a deposit or a withdrawal paid out on the days of the month
-- it counted for the agent: user profit and loss's money columns over a month.
CREATE TABLE payment_team_member_months (
  agent_id         bigint NOT NULL,
  month            date NOT NULL,
  member_id        bigint NOT NULL,
  deposit_minor    bigint NOT NULL,
  deposit_count    integer NOT NULL,
  withdrawal_minor bigint NOT NULL,
  withdrawal_count integer NOT NULL,
  PRIMARY KEY (agent_id, month, member_id)
);
-- The rows of a member's month, which the roll-up rebuilds when the member's day changes.
CREATE INDEX payment_team_member_months_member ON payment_team_member_months (member_id, month);

-- The newest change in the rows, and when the roll-up last looked at the tree's moves.
CREATE TABLE payment_rollup_watermark (
  change_id       bigint NOT NULL,
  tree_checked_at timestamptz NOT NULL DEFAULT '-infinity'
);
INSERT INTO payment_rollup_watermark (change_id) VALUES (0);

-- Their first definitions, for the triggers below; the current ones are db/functions/payment_facts_*.sql.
CREATE FUNCTION payment_facts_deposit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
CREATE FUNCTION payment_facts_first_deposit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
CREATE FUNCTION payment_facts_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
CREATE FUNCTION payment_facts_withdrawal_event() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
CREATE TRIGGER deposit_orders_facts AFTER INSERT OR UPDATE ON deposit_orders
  FOR EACH ROW EXECUTE FUNCTION payment_facts_deposit();
CREATE TRIGGER payment_first_deposits_facts AFTER INSERT OR UPDATE OR DELETE ON payment_first_deposits
  FOR EACH ROW EXECUTE FUNCTION payment_facts_first_deposit();
CREATE TRIGGER withdrawals_facts AFTER UPDATE ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION payment_facts_withdrawal();
CREATE TRIGGER withdrawal_events_facts AFTER INSERT ON withdrawal_events
  FOR EACH ROW WHEN (NEW.status = 'paid') EXECUTE FUNCTION payment_facts_withdrawal_event();

-- The figures of the payments made before the log: one change per confirmed deposit, first deposit and payout.
INSERT INTO payment_fact_changes (member_id, at, currency, deposit_minor, deposit_count)
SELECT member_id, updated_at, currency, amount_minor, 1 FROM deposit_orders WHERE status = 'confirmed';
INSERT INTO payment_fact_changes (member_id, at, currency, first_deposits)
SELECT member_id, confirmed_at, '', 1 FROM payment_first_deposits;
INSERT INTO payment_fact_changes (member_id, at, currency, withdrawal_minor, withdrawal_count)
SELECT w.member_id, e.created_at, w.currency, w.amount_minor, 1
  FROM withdrawal_events e JOIN withdrawals w ON w.id = e.withdrawal_id
 WHERE e.status = 'paid' AND w.status IN ('paid', 'received', 'not_received', 'fully_paid');

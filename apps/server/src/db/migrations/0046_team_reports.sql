-- Team betting and user profit and loss (issue 29): the tree as it stood on each day (the agents module's), and the
-- wallet's daily roll-up of its members' play, so that a team report over a month reads thousands of rows instead
-- of millions of journal lines.

-- Every (ancestor, descendant) pair of the tree with the time it held: the closure table's rows, kept with their
-- history. A move closes the pairs it removes and opens the ones it adds (db/functions/agent_tree_upline_changed.sql);
-- reports read a pair as holding on the brand-zone days from its start's day up to the day before its end's.
CREATE TABLE agent_tree_history (
  ancestor_id   bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  descendant_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  depth         integer NOT NULL CHECK (depth > 0),
  valid_from    timestamptz NOT NULL,
  valid_to      timestamptz,
  CHECK (valid_to IS NULL OR valid_to >= valid_from)
);
-- A team's pairs with what agent_team_days reads of them, in the index (read without the table's rows).
CREATE INDEX agent_tree_history_team ON agent_tree_history (ancestor_id, descendant_id)
  INCLUDE (depth, valid_from, valid_to);
CREATE UNIQUE INDEX agent_tree_history_open ON agent_tree_history (descendant_id, ancestor_id) WHERE valid_to IS NULL;
-- The moves since a time (agent_pairs_moved), for the roll-ups that add up a team's days.
CREATE INDEX agent_tree_history_opened ON agent_tree_history (valid_from) WHERE valid_from > '-infinity';
CREATE INDEX agent_tree_history_closed ON agent_tree_history (valid_to) WHERE valid_to IS NOT NULL;

-- The tree as it stands. A pair made when its member registered holds from the beginning of time ('-infinity'): no
-- line of the member is older, and a report then reads the roll-up's whole months for it. Moves made before this
-- migration are not replayed: reports of the days before them read today's tree, as they did.
INSERT INTO agent_tree_history (ancestor_id, descendant_id, depth, valid_from)
SELECT t.ancestor_id, t.descendant_id, t.depth, '-infinity' FROM agent_tree t WHERE t.depth > 0;
ANALYZE agent_tree_history;

-- The wallet's roll-up of its members' cash lines of play: per member, brand-zone day, vendor and game type, the
-- rounds bet on, stakes, refunded stakes and wins; bonuses (bonus, rebate, salary, dividend, and adjustments that
-- credit the member) on the row of vendor '' and game type ''. Rows are rebuilt whole, per member and day, from the
-- journal lines up to the watermark below (wallet/play-rollup.ts), so a re-run writes the same rows.
CREATE TABLE wallet_play_days (
  member_id     bigint NOT NULL,
  day           date NOT NULL,
  vendor_code   text NOT NULL,
  game_type     text NOT NULL,
  rounds        integer NOT NULL,
  stake_minor   bigint NOT NULL,
  refund_minor  bigint NOT NULL,
  win_minor     bigint NOT NULL,
  bonus_minor   bigint NOT NULL,
  PRIMARY KEY (member_id, day, vendor_code, game_type)
);
CREATE INDEX wallet_play_days_day ON wallet_play_days (day);

-- The same per member and brand-zone month (the first day of the month), the sum of the month's day rows: a report
-- over whole months reads these. Each month table is its day table's copy (columns, keys, indexes) with `month`.
CREATE TABLE wallet_play_months (LIKE wallet_play_days INCLUDING ALL);
ALTER TABLE wallet_play_months RENAME COLUMN day TO month;

-- The same per member and day, and per member and month, over all vendors and game types: what a report without a
-- vendor or game-type filter reads (about a third of the rows), the month rows by month with their figures in the index.
CREATE TABLE wallet_play_member_days (
  member_id     bigint NOT NULL,
  day           date NOT NULL,
  rounds        integer NOT NULL,
  stake_minor   bigint NOT NULL,
  refund_minor  bigint NOT NULL,
  win_minor     bigint NOT NULL,
  bonus_minor   bigint NOT NULL,
  PRIMARY KEY (member_id, day)
);
CREATE INDEX wallet_play_member_days_day ON wallet_play_member_days (day, member_id)
  INCLUDE (rounds, stake_minor, refund_minor, win_minor, bonus_minor);
CREATE TABLE wallet_play_member_months (LIKE wallet_play_member_days INCLUDING ALL);
ALTER TABLE wallet_play_member_months RENAME COLUMN day TO month;

-- Per agent and day, its team's play that day, the team as it stood that day (agent_pairs_days): what the team
-- overview reads for its days instead of one row per member and day.
CREATE TABLE wallet_team_play_days (
  agent_id       bigint NOT NULL,
  day            date NOT NULL,
  active_members integer NOT NULL,
  stake_minor    bigint NOT NULL,
  refund_minor   bigint NOT NULL,
  win_minor      bigint NOT NULL,
  bonus_minor    bigint NOT NULL,
  PRIMARY KEY (agent_id, day)
);

-- How far the roll-up has read the journal: every member line with an id up to line_id is in it, and none after
-- (reports add the lines after it as they are). It moves only to a line id below which no transaction can still
-- commit (wallet/play-rollup.ts).
CREATE TABLE wallet_play_watermark (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  line_id bigint NOT NULL,
  -- When the roll-up last read the tree's history: moves after it re-add up their agents' days.
  tree_checked_at timestamptz NOT NULL DEFAULT '-infinity'
);
INSERT INTO wallet_play_watermark (line_id) VALUES (0);

-- The payments module's team figures read each member's confirmed deposits and paid-out withdrawals by member
-- (payments/team-figures.ts: a probe per team member, the tree as it stood each day), not the whole tables.
CREATE INDEX deposit_orders_confirmed ON deposit_orders (member_id, updated_at) INCLUDE (amount_minor, currency)
  WHERE status = 'confirmed';
CREATE INDEX withdrawals_paid_out ON withdrawals (member_id)
  WHERE status IN ('paid', 'received', 'not_received', 'fully_paid');

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
CREATE INDEX agent_tree_history_team ON agent_tree_history (ancestor_id, descendant_id);
CREATE UNIQUE INDEX agent_tree_history_open ON agent_tree_history (descendant_id, ancestor_id) WHERE valid_to IS NULL;

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
-- over whole months reads these.
CREATE TABLE wallet_play_months (
  member_id     bigint NOT NULL,
  month         date NOT NULL,
  vendor_code   text NOT NULL,
  game_type     text NOT NULL,
  rounds        integer NOT NULL,
  stake_minor   bigint NOT NULL,
  refund_minor  bigint NOT NULL,
  win_minor     bigint NOT NULL,
  bonus_minor   bigint NOT NULL,
  PRIMARY KEY (member_id, month, vendor_code, game_type)
);
CREATE INDEX wallet_play_months_month ON wallet_play_months (month);

-- How far the roll-up has read the journal: every member line with an id up to line_id is in it, and none after
-- (reports add the lines after it as they are). It moves only to a line id below which no transaction can still
-- commit (wallet/play-rollup.ts).
CREATE TABLE wallet_play_watermark (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  line_id bigint NOT NULL
);
INSERT INTO wallet_play_watermark (line_id) VALUES (0);

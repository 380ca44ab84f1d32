-- Team reports at a cost that does not grow with the team (issue 29, "Speed"): the wallet's roll-up also keeps, per
-- agent and report period (a day, a Sunday-to-Saturday week, a month), each team member's play over the days of the
-- period it counted for the agent (the tree as it stood each day), and the agent's totals of the period. A page of
-- team betting sorted by a play column is then an index range of its rows, and its totals one row
-- (wallet/team-periods.ts).

-- kind 'd' (period = the day), 'w' (period = the week's Sunday), 'm' (period = the month's first day). Only members
-- with a figure have a row. Reports read day rows from yesterday on and week rows from last week on; the roll-up
-- keeps one day and one week more (for a node whose clock is a little behind the database's) and every month.
CREATE TABLE wallet_team_member_periods (
  agent_id      bigint NOT NULL,
  kind          "char" NOT NULL CHECK (kind IN ('d', 'w', 'm')),
  period        date NOT NULL,
  member_id     bigint NOT NULL,
  rounds        integer NOT NULL,
  stake_minor   bigint NOT NULL,
  refund_minor  bigint NOT NULL,
  win_minor     bigint NOT NULL,
  bonus_minor   bigint NOT NULL,
  -- The report columns a page sorts by: valid bets, the result as a player, the result with bonuses.
  valid_minor   bigint GENERATED ALWAYS AS (stake_minor - refund_minor) STORED,
  result_minor  bigint GENERATED ALWAYS AS (win_minor - stake_minor + refund_minor) STORED,
  net_minor     bigint GENERATED ALWAYS AS (win_minor + bonus_minor - stake_minor + refund_minor) STORED,
  PRIMARY KEY (agent_id, kind, period, member_id)
);
-- One index per sort column: a page is the first rows of a range (ties by member id).
CREATE INDEX wallet_team_member_periods_rounds ON wallet_team_member_periods (agent_id, kind, period, rounds, member_id);
CREATE INDEX wallet_team_member_periods_valid ON wallet_team_member_periods (agent_id, kind, period, valid_minor, member_id);
CREATE INDEX wallet_team_member_periods_win ON wallet_team_member_periods (agent_id, kind, period, win_minor, member_id);
CREATE INDEX wallet_team_member_periods_bonus ON wallet_team_member_periods (agent_id, kind, period, bonus_minor, member_id);
CREATE INDEX wallet_team_member_periods_result ON wallet_team_member_periods (agent_id, kind, period, result_minor, member_id);
CREATE INDEX wallet_team_member_periods_net ON wallet_team_member_periods (agent_id, kind, period, net_minor, member_id);
-- The rows of a member's period, which the roll-up rebuilds when the member's day changes.
CREATE INDEX wallet_team_member_periods_member ON wallet_team_member_periods (member_id, kind, period);
-- The day and week rows no longer kept, which each run drops.
CREATE INDEX wallet_team_member_periods_old ON wallet_team_member_periods (period) WHERE kind <> 'm';

-- Per agent and period, the sums of its member rows: members who bet (team betting lists them), members with any
-- play figure (user profit and loss lists them, with the members who only paid in or out), active members.
CREATE TABLE wallet_team_periods (
  agent_id        bigint NOT NULL,
  kind            "char" NOT NULL CHECK (kind IN ('d', 'w', 'm')),
  period          date NOT NULL,
  betting_members integer NOT NULL,
  play_members    integer NOT NULL,
  active_members  integer NOT NULL,
  rounds          bigint NOT NULL,
  stake_minor     bigint NOT NULL,
  refund_minor    bigint NOT NULL,
  win_minor       bigint NOT NULL,
  bonus_minor     bigint NOT NULL,
  PRIMARY KEY (agent_id, kind, period)
);

-- The roll-up is rebuilt from the journal so that the new rows cover every line: its tables are derived, the
-- watermark goes back to the start and the next run reads the journal again (in batches).
DELETE FROM wallet_play_days;
DELETE FROM wallet_play_months;
DELETE FROM wallet_play_member_days;
DELETE FROM wallet_play_member_months;
DELETE FROM wallet_team_play_days;
UPDATE wallet_play_watermark SET line_id = 0, tree_checked_at = '-infinity';

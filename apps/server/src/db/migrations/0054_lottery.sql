-- The fast e-lottery (issue 30, first increment): games as data, their odds as settings, draws with committed seeds,
-- and bets. Money moves only through the wallet's ledger; a bet row and its stake's journal entry commit together,
-- and so do a bet's settlement and its win (or refund).

CREATE TABLE lottery_games (
  code          text PRIMARY KEY,
  group_code    text NOT NULL CHECK (group_code IN ('WINGO', 'K3')),
  menu_tag      text NOT NULL,
  name_en       text NOT NULL,
  name_bn       text NOT NULL,
  -- A round length divides a day, so every draw day starts a round.
  round_seconds integer NOT NULL CHECK (round_seconds > 0 AND 86400 % round_seconds = 0),
  lock_seconds  integer NOT NULL CHECK (lock_seconds >= 0),
  min_stake_minor bigint NOT NULL CHECK (min_stake_minor > 0),
  max_stake_minor bigint NOT NULL,
  enabled       boolean NOT NULL DEFAULT true,
  sort_order    integer NOT NULL DEFAULT 0,
  CHECK (lock_seconds < round_seconds),
  CHECK (max_stake_minor >= min_stake_minor)
);

-- Payout multipliers, the stake included, in ten-thousandths (19600 pays 1.96 times the stake).
CREATE TABLE lottery_odds (
  game_code text NOT NULL REFERENCES lottery_games (code),
  odds_key  text NOT NULL,
  odds_e4   integer NOT NULL CHECK (odds_e4 > 0),
  PRIMARY KEY (game_code, odds_key)
);

CREATE TABLE lottery_draws (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_code        text NOT NULL REFERENCES lottery_games (code),
  numero           text NOT NULL,
  open_at          timestamptz NOT NULL,
  lock_at          timestamptz NOT NULL,
  draw_at          timestamptz NOT NULL,
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'locked', 'drawn', 'settled', 'cancelled')),
  -- Revealed (served) only once the draw is drawn; its hash is public from the row's creation, before it opens.
  server_seed      text NOT NULL,
  server_seed_hash text NOT NULL,
  result           jsonb,
  drawn_at         timestamptz,
  settled_at       timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (game_code, numero)
);
CREATE INDEX lottery_draws_due ON lottery_draws (draw_at) WHERE status IN ('open', 'locked', 'drawn');
CREATE INDEX lottery_draws_game_time ON lottery_draws (game_code, draw_at DESC);

-- A chase: the same bet on each of the next N draws, staked at once; each draw's bet settles on its own.
CREATE TABLE lottery_chases (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id      bigint NOT NULL,
  request_key    text NOT NULL,
  request_hash   text NOT NULL,
  game_code      text NOT NULL REFERENCES lottery_games (code),
  draws          integer NOT NULL CHECK (draws BETWEEN 1 AND 50),
  -- The chase's bets on draws after one it won are refunded when their draws settle.
  stop_after_win boolean NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, request_key)
);

CREATE TABLE lottery_bets (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id     bigint NOT NULL,
  -- The member's cash account, so that settlement credits it without looking accounts up.
  account_id    bigint NOT NULL,
  request_key   text NOT NULL,
  request_hash  text NOT NULL,
  draw_id       bigint NOT NULL REFERENCES lottery_draws (id),
  game_code     text NOT NULL,
  numero        text NOT NULL,
  bet_type      text NOT NULL,
  selection     text NOT NULL,
  stake_minor   bigint NOT NULL CHECK (stake_minor > 0),
  multiple      integer NOT NULL CHECK (multiple BETWEEN 1 AND 1000),
  amount_minor  bigint NOT NULL CHECK (amount_minor = stake_minor * multiple),
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'won', 'lost', 'refunded')),
  payout_minor  bigint,
  -- The journal entry that paid (or refunded) the bet; one entry pays up to 19 members' bets of a draw.
  settle_entry_id bigint,
  chase_id      bigint REFERENCES lottery_chases (id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  settled_at    timestamptz,
  UNIQUE (member_id, request_key)
);
CREATE INDEX lottery_bets_pending ON lottery_bets (draw_id, id) WHERE status = 'pending';
CREATE INDEX lottery_bets_member ON lottery_bets (member_id, id DESC);
CREATE INDEX lottery_bets_chase ON lottery_bets (chase_id) WHERE chase_id IS NOT NULL;

INSERT INTO lottery_games (code, group_code, menu_tag, name_en, name_bn, round_seconds, lock_seconds,
                           min_stake_minor, max_stake_minor, sort_order) VALUES
  ('WINGO_30S', 'WINGO', 'WINGO', 'Win Go 30 seconds', 'উইন গো ৩০ সেকেন্ড', 30, 5, 100, 5000000, 1),
  ('WINGO_1M', 'WINGO', 'WINGO', 'Win Go 1 minute', 'উইন গো ১ মিনিট', 60, 5, 100, 5000000, 2),
  ('WINGO_3M', 'WINGO', 'WINGO', 'Win Go 3 minutes', 'উইন গো ৩ মিনিট', 180, 10, 100, 5000000, 3),
  ('WINGO_5M', 'WINGO', 'WINGO', 'Win Go 5 minutes', 'উইন গো ৫ মিনিট', 300, 10, 100, 5000000, 4),
  ('K3_1M', 'K3', 'K3', 'K3 1 minute', 'কে৩ ১ মিনিট', 60, 5, 100, 5000000, 5);

INSERT INTO lottery_odds (game_code, odds_key, odds_e4)
SELECT g.code, o.odds_key, o.odds_e4
  FROM lottery_games g
  JOIN (VALUES ('number', 90000), ('colour', 20000), ('colour_shared', 15000), ('violet', 45000), ('size', 19600))
       AS o (odds_key, odds_e4) ON true
 WHERE g.group_code = 'WINGO';

INSERT INTO lottery_odds (game_code, odds_key, odds_e4)
SELECT g.code, o.odds_key, o.odds_e4
  FROM lottery_games g
  JOIN (VALUES ('sum_3', 2073600), ('sum_18', 2073600), ('sum_4', 691200), ('sum_17', 691200),
               ('sum_5', 345600), ('sum_16', 345600), ('sum_6', 207400), ('sum_15', 207400),
               ('sum_7', 138300), ('sum_14', 138300), ('sum_8', 98800), ('sum_13', 98800),
               ('sum_9', 83000), ('sum_12', 83000), ('sum_10', 76800), ('sum_11', 76800),
               ('size', 19600), ('parity', 19600), ('triple_any', 345600), ('triple', 2073600), ('pair', 129600))
       AS o (odds_key, odds_e4) ON true
 WHERE g.group_code = 'K3';

-- The portal's own games (vendor HOUSE). The house game server draws each round before any money moves, keeps it
-- here, then settles it through the seamless-wallet API as any vendor would: a bet, then a win that closes the
-- round. A round stuck between the two (a crash, a lost answer) is finished by the settlement sweeper.

CREATE TABLE house_rounds (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The round id the wallet sees; its bet is '<round_id>.bet', its win '<round_id>.win'.
  round_id      text NOT NULL UNIQUE CHECK (round_id ~ '^H[0-9a-f]{24}$'),
  game          text NOT NULL CHECK (game IN ('slot', 'dice', 'baccarat')),
  -- The launch session that played it (the SHA-256 of its token) and the page's key for the round: a retry with
  -- the same key finds this row instead of drawing again.
  token_hash    text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  round_key     uuid NOT NULL,
  player_id     text NOT NULL,
  node_id       text NOT NULL,
  currency      text NOT NULL CHECK (currency ~ '^[A-Z]{3,5}$'),
  stake_minor   bigint NOT NULL CHECK (stake_minor > 0),
  -- What the drawn outcome pays, the jackpot not included.
  win_minor     bigint NOT NULL CHECK (win_minor >= 0),
  -- Whether the draw hit the progressive jackpot, and what the pool paid once it was claimed for this round.
  jackpot_hit   boolean NOT NULL DEFAULT false,
  jackpot_minor bigint CHECK (jackpot_minor >= 0),
  outcome       jsonb NOT NULL,
  -- drawn → staked → settled; drawn → refused (the wallet said no); drawn → cancelling → cancelled (the sweeper
  -- refunded a stake it could not confirm).
  status        text NOT NULL CHECK (status IN ('drawn', 'staked', 'settled', 'refused', 'cancelling', 'cancelled')),
  balance_minor bigint,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (token_hash, round_key),
  CHECK (jackpot_minor IS NULL OR jackpot_hit)
);
CREATE INDEX house_rounds_unfinished ON house_rounds (updated_at) WHERE status IN ('drawn', 'staked', 'cancelling');

-- The provably-fair dice's seed pairs: the server seed stays secret until the pair is retired, its SHA-256 is
-- shown before the first roll. One active pair per player and currency.
CREATE TABLE house_dice_seeds (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner            text NOT NULL CHECK (length(owner) BETWEEN 1 AND 100),
  server_seed      text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed      text NOT NULL CHECK (length(client_seed) BETWEEN 1 AND 64),
  -- The nonce the next roll takes.
  next_nonce       integer NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  retired_at       timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX house_dice_seeds_active ON house_dice_seeds (owner) WHERE retired_at IS NULL;

-- The progressive jackpot: its money is the balance of a ledger account (the sum of its lines), funded by a share
-- of every real-money slot stake and paid to the winner through the wallet. This row names the account and the
-- rules, and is locked while a win claims the pool.
CREATE TABLE jackpot_pools (
  code        text PRIMARY KEY CHECK (code ~ '^[a-z0-9_]{2,32}$'),
  account_id  bigint NOT NULL REFERENCES ledger_accounts (id),
  currency    text NOT NULL CHECK (currency ~ '^[A-Z]{3,5}$'),
  -- Of each stake, in basis points (100 = 1 %).
  share_bp    integer NOT NULL CHECK (share_bp BETWEEN 0 AND 1000),
  -- What the house puts in at the start and after every win.
  seed_minor  bigint NOT NULL CHECK (seed_minor >= 0),
  wins        integer NOT NULL DEFAULT 0,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- The card rooms (tables) of the house card games, as the operator sets them: a name per language, the least and
-- the most one spot takes, on or off, and their order. The portal installs its own tables when they are missing.
CREATE TABLE card_rooms (
  room_id       text PRIMARY KEY CHECK (room_id ~ '^[A-Z0-9-]{2,32}$'),
  node_id       text NOT NULL REFERENCES games (node_id),
  names         jsonb NOT NULL CHECK (jsonb_typeof(names -> 'en') = 'string'),
  min_bet_minor bigint NOT NULL CHECK (min_bet_minor > 0),
  max_bet_minor bigint NOT NULL,
  enabled       boolean NOT NULL DEFAULT true,
  sort_order    integer NOT NULL DEFAULT 0,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (max_bet_minor >= min_bet_minor)
);

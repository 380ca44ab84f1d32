-- The games catalogue: each vendor's games, members' favourites and recently played games, and launches.

CREATE TABLE games (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The vendor's own id of the game; the API calls it nodeId.
  node_id        text NOT NULL UNIQUE CHECK (node_id ~ '^[A-Za-z0-9_.:-]{1,64}$'),
  vendor_code    text NOT NULL,
  game_type      text NOT NULL,
  -- Localised names {"en": "...", "bn": "..."}; English is required.
  names          jsonb NOT NULL CHECK (jsonb_typeof(names -> 'en') = 'string'),
  -- Every name lower-cased in one string, for the name search.
  search_text    text NOT NULL,
  classify       text CHECK (classify IN ('SC', 'VP', 'TG', 'AC', 'JP', 'BG')),
  min_bet_minor  bigint NOT NULL DEFAULT 1 CHECK (min_bet_minor > 0),
  lines          integer NOT NULL DEFAULT 0 CHECK (lines BETWEEN 0 AND 10000),
  -- A path under the image CDN (or this site when none is configured).
  icon           text NOT NULL CHECK (length(icon) BETWEEN 1 AND 300),
  is_hot         boolean NOT NULL DEFAULT false,
  is_new         boolean NOT NULL DEFAULT false,
  enabled        boolean NOT NULL DEFAULT true,
  has_trial      boolean NOT NULL DEFAULT false,
  -- Design return to player in basis points (9600 = 96.00 %), when the vendor publishes one.
  rtp_bp         integer CHECK (rtp_bp BETWEEN 0 AND 10000),
  volatility     text CHECK (volatility IN ('low', 'medium', 'high')),
  sort_order     integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (vendor_code, game_type) REFERENCES vendors (code, game_type) ON UPDATE CASCADE
);
-- The list call filters by type (and vendor), then orders; hot games are few and read often.
CREATE INDEX games_by_type ON games (game_type, sort_order, id) WHERE enabled;
CREATE INDEX games_by_vendor ON games (vendor_code, game_type, sort_order, id) WHERE enabled;
CREATE INDEX games_hot ON games (game_type, vendor_code) WHERE enabled AND is_hot;

CREATE TABLE favourite_games (
  member_id  bigint NOT NULL REFERENCES members (id),
  game_id    bigint NOT NULL REFERENCES games (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, game_id)
);

-- The last game launches of each member (the service keeps a bounded number per member).
CREATE TABLE recent_games (
  member_id  bigint NOT NULL REFERENCES members (id),
  game_id    bigint NOT NULL REFERENCES games (id),
  played_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, game_id)
);
CREATE INDEX recent_games_by_member ON recent_games (member_id, played_at DESC);

-- Foundation: brand settings, feature flags, operator content, vendors for navigation, operators.

CREATE TABLE settings (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE feature_flags (
  code       text PRIMARY KEY,
  enabled    boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Localised texts are stored as {"bn": "...", "en": "..."}.
CREATE TABLE banners (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_name   text NOT NULL CHECK (group_name ~ '^w_[a-z]{2,20}$'),
  image_url    text NOT NULL CHECK (length(image_url) <= 500),
  title        jsonb NOT NULL DEFAULT '{}'::jsonb,
  linkage_type smallint NOT NULL DEFAULT 0 CHECK (linkage_type IN (0, 1, 2)),
  link         text CHECK (length(link) <= 500),
  sort_order   integer NOT NULL DEFAULT 0,
  enabled      boolean NOT NULL DEFAULT true,
  starts_at    timestamptz,
  ends_at      timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (linkage_type = 0 OR link IS NOT NULL)
);
CREATE INDEX banners_group_order ON banners (group_name, sort_order, id);

CREATE TABLE notices (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type         text NOT NULL CHECK (type IN ('PL', 'PU', 'PR', 'H')),
  title        jsonb NOT NULL,
  content      jsonb NOT NULL,
  sort_order   integer NOT NULL DEFAULT 0,
  enabled      boolean NOT NULL DEFAULT true,
  starts_at    timestamptz,
  ends_at      timestamptz,
  published_at timestamptz NOT NULL DEFAULT now(),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notices_type_order ON notices (type, sort_order, id);

CREATE TABLE help_sections (
  key        text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9-]{1,40}$'),
  title      jsonb NOT NULL,
  content    jsonb NOT NULL,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE domains (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_name text NOT NULL,
  device      smallint NOT NULL CHECK (device IN (0, 3)),
  UNIQUE (domain_name, device)
);

CREATE TABLE vendors (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code            text NOT NULL CHECK (code ~ '^[A-Z0-9_]{2,32}$'),
  display_name    text NOT NULL,
  game_type       text NOT NULL,
  is_hot          boolean NOT NULL DEFAULT false,
  account_type_id integer NOT NULL DEFAULT 0,
  logo            text NOT NULL,
  wallet_mode     text NOT NULL DEFAULT 'seamless' CHECK (wallet_mode IN ('seamless', 'transfer')),
  enabled         boolean NOT NULL DEFAULT true,
  sort_order      integer NOT NULL DEFAULT 0,
  UNIQUE (code, game_type)
);

CREATE TABLE admin_users (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username      text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE admin_sessions (
  token_hash   text PRIMARY KEY,
  admin_id     integer NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);

CREATE TABLE audit_log (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor      text NOT NULL,
  action     text NOT NULL,
  detail     jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip         text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created ON audit_log (created_at);

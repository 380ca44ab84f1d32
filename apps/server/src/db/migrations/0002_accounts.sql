-- Accounts and sign-in: members, their sessions and known addresses, codes sent to them, and the outbox.

-- Member type (spec section 9): 0 player, 1 and 2 agents, 4 trial (free play), 41 and 42 agents who also play.
CREATE TABLE members (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account               text NOT NULL CHECK (length(account) BETWEEN 1 AND 64),
  account_key           text NOT NULL UNIQUE,
  type                  smallint NOT NULL DEFAULT 0 CHECK (type IN (0, 1, 2, 4, 41, 42)),
  status                text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  nickname              text CHECK (length(nickname) <= 64),
  password_hash         text,
  password_changed_at   timestamptz,
  payment_password_hash text,
  email                 text CHECK (length(email) <= 254),
  country_dialing_code  text CHECK (country_dialing_code ~ '^[0-9]{1,4}$'),
  mobile_num            text CHECK (mobile_num ~ '^[0-9]{4,15}$'),
  payee_name            text CHECK (length(payee_name) <= 100),
  birthday              date,
  contacts              jsonb NOT NULL DEFAULT '{}'::jsonb,
  invite_code           text NOT NULL UNIQUE CHECK (invite_code ~ '^[A-Z0-9]{6,16}$'),
  upline_id             bigint REFERENCES members (id),
  referrer_id           bigint REFERENCES members (id),
  rank_level            smallint NOT NULL DEFAULT 0,
  club_label            text NOT NULL DEFAULT 'VIP0',
  labels                text[] NOT NULL DEFAULT '{}',
  icon                  text NOT NULL DEFAULT '/avatars/1.svg',
  totp_secret           text,
  totp_enabled          boolean NOT NULL DEFAULT false,
  totp_always           boolean NOT NULL DEFAULT false,
  register_ip           text,
  register_url          text CHECK (length(register_url) <= 500),
  register_method       text NOT NULL DEFAULT 'WEB',
  created_at            timestamptz NOT NULL DEFAULT now(),
  last_login_at         timestamptz,
  CHECK (totp_enabled = false OR totp_secret IS NOT NULL)
);
-- One member per mobile number; names are unique whatever their letter case.
CREATE UNIQUE INDEX members_mobile ON members (country_dialing_code, mobile_num) WHERE mobile_num IS NOT NULL;
CREATE INDEX members_email ON members (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX members_upline ON members (upline_id) WHERE upline_id IS NOT NULL;

CREATE TABLE member_sessions (
  token_hash   text PRIMARY KEY,
  member_id    bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  portal       text NOT NULL CHECK (portal IN ('member', 'agent')),
  ip           text,
  user_agent   text,
  must_change_password boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX member_sessions_member ON member_sessions (member_id);

-- Addresses a member has signed in from; a login from any other address asks for a second factor.
CREATE TABLE member_known_ips (
  member_id     bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  ip            text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, ip)
);

-- Codes sent by SMS or e-mail, and e-mailed reset links. Only a hash of the code is kept.
CREATE TABLE verification_codes (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  purpose     text NOT NULL CHECK (purpose IN ('register', 'login', 'forget', 'second-factor', 'reset-link')),
  target      text NOT NULL,
  code_hash   text NOT NULL,
  attempts    smallint NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX verification_codes_target ON verification_codes (purpose, target, id DESC);

-- A login that passed the password and waits for its second factor.
CREATE TABLE login_challenges (
  id_hash     text PRIMARY KEY,
  member_id   bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  portal      text NOT NULL CHECK (portal IN ('member', 'agent')),
  ip          text NOT NULL,
  methods     text[] NOT NULL,
  reason      text NOT NULL CHECK (reason IN ('NEW_IP', 'ALWAYS')),
  must_change_password boolean NOT NULL DEFAULT false,
  password_expired boolean NOT NULL DEFAULT false,
  attempts    smallint NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);

-- Every SMS and e-mail the portal sends, whether a provider delivers it or not (the development outbox).
CREATE TABLE outbox_messages (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel    text NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient  text NOT NULL,
  subject    text,
  body       text NOT NULL,
  provider   text NOT NULL,
  status     text NOT NULL CHECK (status IN ('stored', 'sent', 'failed')),
  error      text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_recipient ON outbox_messages (recipient, id DESC);

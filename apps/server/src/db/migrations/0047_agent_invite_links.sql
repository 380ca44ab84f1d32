-- The agent centre's register centre and announcements (issue 29).

-- An agent's invitation links: each its own code, for one traffic source (a tag such as "facebook" or
-- "telegram-group-1", unique per agent), with an optional note, on or off. The link is
-- <site>/register?affiliateCode=<code>. Link codes are ten characters of the invite-code alphabet, so they never
-- equal a member's own eight-character invite code, and registration resolves the two kinds by one lookup each.
CREATE TABLE agent_invite_links (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  agent_id   bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  code       text NOT NULL UNIQUE CHECK (code ~ '^[2-9A-HJKMNP-Z]{10}$'),
  source     text NOT NULL CHECK (source ~ '^[a-z0-9][a-z0-9_-]{1,31}$'),
  note       text CHECK (char_length(note) <= 200),
  enabled    boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (agent_id, source)
);
CREATE INDEX agent_invite_links_agent ON agent_invite_links (agent_id, id);

-- The invitation code a member registered with (an agent's or a player's own code, or an agent's link code), upper
-- case as codes are compared; null for members registered without one or before this column.
ALTER TABLE members ADD COLUMN invited_by_code text;
CREATE INDEX members_invited_by_code ON members (invited_by_code) WHERE invited_by_code IS NOT NULL;

-- Agent notices (type AG): shown in the agent centre only, never in the players' announcements.
ALTER TABLE notices DROP CONSTRAINT notices_type_check;
ALTER TABLE notices ADD CONSTRAINT notices_type_check CHECK (type IN ('PL', 'PU', 'PR', 'H', 'AG'));
CREATE INDEX notices_agent ON notices (published_at DESC, id DESC) WHERE type = 'AG';

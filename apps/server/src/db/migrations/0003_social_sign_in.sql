-- Accounts of an identity provider (Google, Facebook) linked to members, by the provider's stable subject id.
CREATE TABLE member_identities (
  provider   text NOT NULL CHECK (provider IN ('google', 'facebook')),
  subject    text NOT NULL CHECK (length(subject) <= 255),
  member_id  bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  email      text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX member_identities_member ON member_identities (member_id);

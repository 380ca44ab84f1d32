-- Short-lived counters, locks and one-time values (failed-login counts and locks, captcha answers, SMS throttles,
-- payment-password tries, sign-in flow states) when no Redis is configured: in the database, so that every API node
-- sees the same ones. UNLOGGED: its writes skip the write-ahead log, which makes them cheaper, and the table is
-- emptied after a crash and not copied to standbys, which only resets limits (nothing here is money or an account).
CREATE UNLOGGED TABLE ephemeral_values (
  key text PRIMARY KEY,
  value text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Expired rows are deleted oldest first, a batch at a time.
CREATE INDEX ephemeral_values_expires_at ON ephemeral_values (expires_at);

-- Where a connected vendor's games open: an https address with placeholders {gameId}, {token}, {language} and
-- {mode}, filled at launch (the token is empty in free play, which the vendor plays without the wallet).
ALTER TABLE vendor_integrations
  ADD COLUMN launch_url text CHECK (launch_url ~ '^https://[^\s]+$' AND length(launch_url) <= 500);

-- A mobile number proves nothing until an SMS code to it was entered (or an operator vouched for it). Only
-- verified numbers sign in by code, reset passwords, receive second-factor codes and are unique.
ALTER TABLE members ADD COLUMN mobile_verified boolean NOT NULL DEFAULT false;
-- Rows before this migration: accounts registered by mobile (named after their number) and accounts opened by
-- an operator (no registration address) had their number checked; others keep theirs unverified.
UPDATE members SET mobile_verified = true
 WHERE mobile_num IS NOT NULL AND (account_key = mobile_num OR register_ip IS NULL);
DROP INDEX members_mobile;
CREATE UNIQUE INDEX members_mobile_verified ON members (country_dialing_code, mobile_num) WHERE mobile_verified;
CREATE INDEX members_mobile ON members (country_dialing_code, mobile_num) WHERE mobile_num IS NOT NULL;
ALTER TABLE members ADD CHECK (mobile_verified = false OR mobile_num IS NOT NULL);

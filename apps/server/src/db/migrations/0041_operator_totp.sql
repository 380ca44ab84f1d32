-- An operator may enrol an authenticator app; once confirmed, every operator sign-in asks for its code.
ALTER TABLE admin_users ADD COLUMN totp_secret text;
ALTER TABLE admin_users ADD COLUMN totp_enabled boolean NOT NULL DEFAULT false;
ALTER TABLE admin_users ADD CONSTRAINT admin_users_totp_has_secret CHECK (NOT totp_enabled OR totp_secret IS NOT NULL);

-- Other modules' statements ask the members module who may sign in and play through member_signed_in
-- (db/functions/member_signed_in.sql), which PostgreSQL inlines; the scalar member_is_active it replaces was run
-- and planned on every call. It was only ever defined by the function files, applied after the migrations, so a
-- new database does not have it yet when this runs.
DROP FUNCTION IF EXISTS member_is_active(bigint);

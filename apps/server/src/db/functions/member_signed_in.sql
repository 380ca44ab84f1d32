-- Who a session's member is, while they may sign in: the members' own answer for the auth module's session read
-- (empty for a member that is missing or not active). A plain SQL function, so PostgreSQL inlines it into the
-- session's query: the read costs what the join did.
CREATE OR REPLACE FUNCTION member_signed_in(p_member bigint)
RETURNS TABLE (id bigint, account text, type smallint) LANGUAGE sql STABLE AS $$
  SELECT m.id, m.account, m.type FROM members m WHERE m.id = p_member AND m.status = 'active'
$$;

-- Whether a member may play and be paid now (members' own rule, for other modules' statements to ask).
CREATE OR REPLACE FUNCTION member_is_active(p_member bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT m.status = 'active' FROM members m WHERE m.id = p_member), false)
$$;

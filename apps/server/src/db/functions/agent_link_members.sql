-- The members who registered through one of an agent's invitation links or its own invite code (the default link),
-- with the code they used, as the agents module publishes them for other modules' per-link figures: those modules
-- join their own rows to this instead of reading the links' table. A plain SQL function, inlined by PostgreSQL.
CREATE OR REPLACE FUNCTION agent_link_members(p_agent bigint)
RETURNS TABLE (code text, member_id bigint) LANGUAGE sql STABLE AS $$
  SELECT m.invited_by_code, m.id
    FROM members m
   WHERE m.invited_by_code IN (SELECT l.code FROM agent_invite_links l WHERE l.agent_id = p_agent
                               UNION ALL
                               SELECT a.invite_code FROM members a WHERE a.id = p_agent)
$$;

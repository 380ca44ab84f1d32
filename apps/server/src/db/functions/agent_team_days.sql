-- The members of an agent's team as it stood on each day of [p_from, p_to] (brand-zone days, p_zone), for reports of
-- past periods: one row per stretch of days a member spent in the team at one level (agent_pairs_days). Published by
-- the agents module, as agent_team is, for the other modules' reports to join their own rows to; inlined.
CREATE OR REPLACE FUNCTION agent_team_days(p_agent bigint, p_from date, p_to date, p_zone text)
RETURNS TABLE (member_id bigint, depth integer, first_day date, last_day date) LANGUAGE sql STABLE AS $$
  SELECT p.member_id, p.depth, p.first_day, p.last_day FROM agent_pairs_days(p_from, p_to, p_zone) p
   WHERE p.agent_id = p_agent
$$;

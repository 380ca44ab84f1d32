-- The members of an agent's team as it stood on each day of [p_from, p_to] (brand-zone days, p_zone), for reports of
-- past periods: one row per stretch of days a member spent in the team at one level, from the tree's history. A move
-- on day D counts for the old team up to D - 1 and for the new one from D. Published by the agents module, as
-- agent_team is, for the other modules' reports to join their own rows to; a plain SQL function, inlined.
CREATE OR REPLACE FUNCTION agent_team_days(p_agent bigint, p_from date, p_to date, p_zone text)
RETURNS TABLE (member_id bigint, depth integer, first_day date, last_day date) LANGUAGE sql STABLE AS $$
  SELECT s.descendant_id, s.depth, s.first_day, s.last_day
    FROM (SELECT h.descendant_id, h.depth,
                 greatest(p_from, (h.valid_from AT TIME ZONE p_zone)::date) AS first_day,
                 least(p_to, coalesce((h.valid_to AT TIME ZONE p_zone)::date - 1, p_to)) AS last_day
            FROM agent_tree_history h
           WHERE h.ancestor_id = p_agent
             AND h.valid_from < ((p_to + 1)::timestamp AT TIME ZONE p_zone)
             AND (h.valid_to IS NULL OR h.valid_to >= (p_from::timestamp AT TIME ZONE p_zone))) s
   WHERE s.first_day <= s.last_day
$$;

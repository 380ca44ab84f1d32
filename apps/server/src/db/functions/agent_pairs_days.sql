-- Every (agent, member) pair of the tree with the stretch of brand-zone days of [p_from, p_to] (zone p_zone) it held,
-- from the tree's history: a move on day D counts for the old pair up to D - 1 and for the new one from D (a pair
-- made with its member, from '-infinity', or still open, costs no time-zone conversion). Published
-- by the agents module for the other modules' reports and roll-ups; a plain SQL function, inlined.
CREATE OR REPLACE FUNCTION agent_pairs_days(p_from date, p_to date, p_zone text)
RETURNS TABLE (agent_id bigint, member_id bigint, depth integer, first_day date, last_day date)
LANGUAGE sql STABLE AS $$
  SELECT s.ancestor_id, s.descendant_id, s.depth, s.first_day, s.last_day
    FROM (SELECT h.ancestor_id, h.descendant_id, h.depth,
                 CASE WHEN h.valid_from = '-infinity' THEN p_from
                      ELSE greatest(p_from, (h.valid_from AT TIME ZONE p_zone)::date) END AS first_day,
                 CASE WHEN h.valid_to IS NULL THEN p_to
                      ELSE least(p_to, (h.valid_to AT TIME ZONE p_zone)::date - 1) END AS last_day
            FROM agent_tree_history h
           WHERE h.valid_from < ((p_to + 1)::timestamp AT TIME ZONE p_zone)
             AND (h.valid_to IS NULL OR h.valid_to >= (p_from::timestamp AT TIME ZONE p_zone))) s
   WHERE s.first_day <= s.last_day
$$;

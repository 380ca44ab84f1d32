-- The agents whose team changed by a move at or after p_since (a pair made with its member is no move), each with
-- the first brand-zone day (zone p_zone) the change counts for (agent_pairs_days): for roll-ups of the tree as it
-- stood to add those days up again. Published by the agents module; a plain SQL function, inlined.
CREATE OR REPLACE FUNCTION agent_pairs_moved(p_since timestamptz, p_zone text)
RETURNS TABLE (agent_id bigint, first_day date) LANGUAGE sql STABLE AS $$
  SELECT h.ancestor_id, min(((CASE WHEN h.valid_to >= p_since THEN h.valid_to ELSE h.valid_from END)
                             AT TIME ZONE p_zone)::date)
    FROM agent_tree_history h
   WHERE (h.valid_from >= p_since AND h.valid_from > '-infinity') OR h.valid_to >= p_since
   GROUP BY h.ancestor_id
$$;

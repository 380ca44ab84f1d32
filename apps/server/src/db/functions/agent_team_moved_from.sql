-- The first brand-zone day (zone p_zone) from which a move at or after p_since changed p_agent's team, or null: what
-- agent_pairs_moved says of one agent, for a report to know whether a roll-up's rows still hold the agent's team.
-- The moves since a roll-up last looked are few, so they are read first, by the history's time indexes, and only
-- then kept for the agent (OFFSET 0 keeps the planner from pushing the agent into the scan, where it reads the
-- agent's whole team history instead: 1.4 ms against 0.1 ms for 10,000 members). Published by the agents module; a
-- plain SQL function, inlined.
CREATE OR REPLACE FUNCTION agent_team_moved_from(p_agent bigint, p_since timestamptz, p_zone text)
RETURNS date LANGUAGE sql STABLE AS $$
  SELECT min(m.first_day)
    FROM (SELECT * FROM agent_pairs_moved(p_since, p_zone) OFFSET 0) m
   WHERE m.agent_id = p_agent
$$;

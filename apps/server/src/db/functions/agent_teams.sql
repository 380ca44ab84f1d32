-- The members of several agents' teams at once (each agent's whole subtree, the agent excluded), one row per pair,
-- for the contract settlements that read a window for every contract holder in one query. Published by the agents
-- module like agent_team(agent): other modules join to it instead of reading the tree's table.
CREATE OR REPLACE FUNCTION agent_teams(p_agents bigint[])
RETURNS TABLE (agent_id bigint, member_id bigint) LANGUAGE sql STABLE AS $$
  SELECT t.ancestor_id, t.descendant_id FROM agent_tree t WHERE t.ancestor_id = ANY (p_agents) AND t.depth > 0
$$;

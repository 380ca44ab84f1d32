-- The members of an agent's team (its whole subtree, any depth, the agent excluded), as the agents module publishes
-- it for other modules' reports: they join their own rows to this instead of reading the tree's table. A plain SQL
-- function, so PostgreSQL inlines it into the caller's query (an index range on the tree's primary key).
CREATE OR REPLACE FUNCTION agent_team(p_agent bigint)
RETURNS TABLE (member_id bigint) LANGUAGE sql STABLE AS $$
  SELECT t.descendant_id FROM agent_tree t WHERE t.ancestor_id = p_agent AND t.depth > 0
$$;

-- A new member: its own row, and one row for each ancestor of its upline, each also in the tree's history, holding
-- from the beginning of time (no line of the member is older; reports then read whole months of the roll-up for it).
CREATE OR REPLACE FUNCTION agent_tree_member_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
  SELECT NEW.id, NEW.id, 0
  UNION ALL
  SELECT t.ancestor_id, NEW.id, t.depth + 1 FROM agent_tree t WHERE t.descendant_id = NEW.upline_id;
  INSERT INTO agent_tree_history (ancestor_id, descendant_id, depth, valid_from)
  SELECT t.ancestor_id, NEW.id, t.depth + 1, '-infinity' FROM agent_tree t WHERE t.descendant_id = NEW.upline_id;
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO member_upline_history (member_id, upline_id, valid_from) VALUES (NEW.id, NEW.upline_id, NEW.created_at);
  END IF;
  RETURN NULL;
END $$;

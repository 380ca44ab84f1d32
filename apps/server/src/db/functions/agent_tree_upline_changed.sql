-- A changed upline moves the member's whole subtree: the pairs linking its old ancestors to the subtree go, pairs
-- linking the new upline's ancestors to it come. A move under the member's own subtree would make a cycle and is
-- refused (SQLSTATE 23514, as a check would); the history row closes and a new one opens, and so do the pairs' rows
-- in the tree's history (agent_tree_history), for reports that read the tree as it stood on a day.
CREATE OR REPLACE FUNCTION agent_tree_upline_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Moves take turns, so two crossing moves cannot each pass the cycle check the other would fail.
  PERFORM pg_advisory_xact_lock(hashtext('agent tree moves ' || current_schema()));
  IF NEW.upline_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM agent_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.upline_id
  ) THEN
    RAISE EXCEPTION 'member % cannot move under its own team member %', NEW.id, NEW.upline_id
      USING ERRCODE = '23514', CONSTRAINT = 'agent_tree_no_cycle';
  END IF;
  UPDATE agent_tree_history h SET valid_to = now()
    FROM agent_tree sub, agent_tree up
   WHERE sub.ancestor_id = NEW.id AND up.descendant_id = NEW.id AND up.depth > 0
     AND h.ancestor_id = up.ancestor_id AND h.descendant_id = sub.descendant_id AND h.valid_to IS NULL;
  DELETE FROM agent_tree t
   USING agent_tree sub, agent_tree up
   WHERE sub.ancestor_id = NEW.id AND up.descendant_id = NEW.id AND up.depth > 0
     AND t.ancestor_id = up.ancestor_id AND t.descendant_id = sub.descendant_id;
  INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
  SELECT up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1
    FROM agent_tree up, agent_tree sub
   WHERE up.descendant_id = NEW.upline_id AND sub.ancestor_id = NEW.id;
  INSERT INTO agent_tree_history (ancestor_id, descendant_id, depth, valid_from)
  SELECT up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1, now()
    FROM agent_tree up, agent_tree sub
   WHERE up.descendant_id = NEW.upline_id AND sub.ancestor_id = NEW.id;
  UPDATE member_upline_history SET valid_to = now() WHERE member_id = NEW.id AND valid_to IS NULL;
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO member_upline_history (member_id, upline_id, valid_from) VALUES (NEW.id, NEW.upline_id, now());
  END IF;
  RETURN NULL;
END $$;

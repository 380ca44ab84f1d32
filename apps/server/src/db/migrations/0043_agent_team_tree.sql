-- The agent tree (issue 29): every member's ancestors as rows (a closure table), kept by the database itself for
-- every way a member is made (registration, the operator's call, seeds, imports) and for every change of upline;
-- and the history of who was whose upline when, so reports of past periods can read the tree as it was.

-- One row per (ancestor, descendant) pair, the member itself included at depth 0. The primary key answers "the
-- team of X" (ancestor first); the second index answers "the uplines of X" and "is X in Y's team".
CREATE TABLE agent_tree (
  ancestor_id   bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  descendant_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  depth         integer NOT NULL CHECK (depth >= 0),
  PRIMARY KEY (ancestor_id, descendant_id)
);
CREATE UNIQUE INDEX agent_tree_descendant ON agent_tree (descendant_id, depth);

-- Who was each member's upline when: one open row (valid_to NULL) per member with an upline.
CREATE TABLE member_upline_history (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id  bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  upline_id  bigint NOT NULL REFERENCES members (id),
  valid_from timestamptz NOT NULL,
  valid_to   timestamptz,
  CHECK (valid_to IS NULL OR valid_to >= valid_from)
);
CREATE UNIQUE INDEX member_upline_history_open ON member_upline_history (member_id) WHERE valid_to IS NULL;
CREATE INDEX member_upline_history_member ON member_upline_history (member_id, valid_from);

-- The tree as it stands, filled from the members already there.
INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
WITH RECURSIVE chain (ancestor_id, descendant_id, depth) AS (
  SELECT id, id, 0 FROM members
  UNION ALL
  SELECT m.upline_id, c.descendant_id, c.depth + 1
    FROM chain c JOIN members m ON m.id = c.ancestor_id
   WHERE m.upline_id IS NOT NULL AND c.depth < 1000
)
SELECT ancestor_id, descendant_id, depth FROM chain;

INSERT INTO member_upline_history (member_id, upline_id, valid_from)
SELECT id, upline_id, created_at FROM members WHERE upline_id IS NOT NULL;

-- A new member: its own row, and one row for each ancestor of its upline.
-- Its first definition, for the trigger below; the current one is db/functions/agent_tree_member_added.sql.
CREATE FUNCTION agent_tree_member_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
  SELECT NEW.id, NEW.id, 0
  UNION ALL
  SELECT t.ancestor_id, NEW.id, t.depth + 1 FROM agent_tree t WHERE t.descendant_id = NEW.upline_id;
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO member_upline_history (member_id, upline_id, valid_from) VALUES (NEW.id, NEW.upline_id, NEW.created_at);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER agent_tree_member_added AFTER INSERT ON members
  FOR EACH ROW EXECUTE FUNCTION agent_tree_member_added();

-- A changed upline moves the member's whole subtree: the pairs linking its old ancestors to the subtree go, pairs
-- linking the new upline's ancestors to it come. A move under the member's own subtree would make a cycle and is
-- refused (SQLSTATE 23514, as a check would); the history row closes and a new one opens.
-- Its first definition, for the trigger below; the current one is db/functions/agent_tree_upline_changed.sql.
CREATE FUNCTION agent_tree_upline_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Moves take turns, so two crossing moves cannot each pass the cycle check the other would fail.
  PERFORM pg_advisory_xact_lock(hashtext('agent tree moves ' || current_schema()));
  IF NEW.upline_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM agent_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.upline_id
  ) THEN
    RAISE EXCEPTION 'member % cannot move under its own team member %', NEW.id, NEW.upline_id
      USING ERRCODE = '23514', CONSTRAINT = 'agent_tree_no_cycle';
  END IF;
  DELETE FROM agent_tree t
   USING agent_tree sub, agent_tree up
   WHERE sub.ancestor_id = NEW.id AND up.descendant_id = NEW.id AND up.depth > 0
     AND t.ancestor_id = up.ancestor_id AND t.descendant_id = sub.descendant_id;
  INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
  SELECT up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1
    FROM agent_tree up, agent_tree sub
   WHERE up.descendant_id = NEW.upline_id AND sub.ancestor_id = NEW.id;
  UPDATE member_upline_history SET valid_to = now() WHERE member_id = NEW.id AND valid_to IS NULL;
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO member_upline_history (member_id, upline_id, valid_from) VALUES (NEW.id, NEW.upline_id, now());
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER agent_tree_upline_changed AFTER UPDATE OF upline_id ON members
  FOR EACH ROW WHEN (OLD.upline_id IS DISTINCT FROM NEW.upline_id)
  EXECUTE FUNCTION agent_tree_upline_changed();

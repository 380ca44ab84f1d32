-- The game type of a catalogue game by its node id (null for a game the catalogue does not hold), as the games module
-- publishes it for other modules' SQL (the wallet's play roll-up files each round under its game's type). A plain
-- SQL function, inlined into the caller's query: one probe of the games' unique node id.
CREATE OR REPLACE FUNCTION game_type_of(p_node_id text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT g.game_type FROM games g WHERE g.node_id = p_node_id
$$;

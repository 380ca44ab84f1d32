-- Spec section 2 (game launch): a vendor card is either a list of games (VASSALAGE: the card opens a popup of the
-- vendor's games) or one game itself (GAME: the card opens the vendor's lobby, its first enabled game). Sports,
-- esports, cockfight and lottery vendors open a lobby.
ALTER TABLE vendors ADD COLUMN is_game text NOT NULL DEFAULT 'VASSALAGE' CHECK (is_game IN ('GAME', 'VASSALAGE'));
UPDATE vendors SET is_game = 'GAME' WHERE game_type IN ('SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT');

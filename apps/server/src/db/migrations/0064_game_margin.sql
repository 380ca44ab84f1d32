-- A book's margin on a game, in basis points (500 = 5 %): what a sports or cockfight vendor states instead of a
-- return to player. Its game tile and its vendor card state it; null when the vendor does not publish one.
ALTER TABLE games ADD COLUMN margin_bp integer CHECK (margin_bp IS NULL OR margin_bp BETWEEN 0 AND 10000);

-- A draw's settlement rewrites each of its bets once (status, payout, the entry that paid it). With the pending
-- bets' partial index, that rewrite changed an indexed column, so every bet's new version went into each of the
-- table's indexes (four index insertions per bet, half of a 100,000-bet draw's settlement time). Indexed by draw
-- and id instead, and with room left on each page, the rewrite is a heap-only update that touches no index. The
-- settlement walks a draw's bets in id order from where its last batch ended, so it still reads only what is left.
DROP INDEX lottery_bets_pending;
CREATE INDEX lottery_bets_draw ON lottery_bets (draw_id, id);
ALTER TABLE lottery_bets SET (fillfactor = 45);

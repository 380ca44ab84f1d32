-- The vendor calls' money moves to the wallet's functions (db/functions/ledger_vendor_*.sql): the seamless module
-- keeps the protocol and posts through the wallet. The old functions go; ledger_post_batch takes p_wait (its
-- definition is in db/functions/ledger_post_batch.sql), so its old signature goes too.
DROP FUNCTION seamless_call_batch(text[], text[], text[], text[], bigint[], bigint[], bigint[], text[], text[],
                                  bigint[], text[], text[], integer[], boolean[]);
DROP FUNCTION seamless_bet(text, text, text, bigint, bigint, bigint, text, text, bigint, text, text, integer);
DROP FUNCTION seamless_win(text, text, text, bigint, bigint, bigint, text, text, bigint, text, boolean);
DROP FUNCTION seamless_rollback(text, text, text, bigint, bigint, bigint, text, text, text);
DROP FUNCTION seamless_post(text, text, text, text, bigint, bigint, bigint);
DROP FUNCTION seamless_replay(text, text, text, text, bigint);
DROP FUNCTION seamless_balance(bigint);
DROP FUNCTION seamless_refuse(text, bigint);
DROP FUNCTION ledger_post_batch(text[], text[], text[], text[], integer[], bigint[], bigint[], boolean[]);

-- Vendor rounds are append-only like the journal: one trigger function for both.
DROP TRIGGER vendor_rounds_append_only ON vendor_rounds;
CREATE TRIGGER vendor_rounds_append_only BEFORE UPDATE OR DELETE ON vendor_rounds
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
DROP FUNCTION seamless_refuse_change();

-- The seamless module's precondition on vendor bets, evaluated in the statement that posts them: for each call with
-- a launch token (its SHA-256), null when the session is live at that vendor for that member's account and the
-- member is active, else the refusal ('SESSION_EXPIRED', 'ACCOUNT_DISABLED'); null for calls without a token.
--
-- A session lasts while the member plays: it is moved on at most every quarter of its length. A session row
-- another transaction is moving on already is left to it (SKIP LOCKED), so this check never waits for a lock and
-- takes no part in the ledger's lock order.
CREATE OR REPLACE FUNCTION game_sessions_check(
  p_tokens text[], p_vendors text[], p_members bigint[], p_accounts bigint[], p_minutes integer[]
) RETURNS text[]
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := coalesce(array_length(p_tokens, 1), 0);
  v_verdicts text[] := array_fill(NULL::text, ARRAY[v_count]);
  v_item integer;
  v_expires timestamptz;
  v_active boolean;
  v_window interval;
BEGIN
  FOR v_item IN 1 .. v_count LOOP
    CONTINUE WHEN p_tokens[v_item] IS NULL;
    -- member_signed_in is the members' own rule (a plain SQL function, inlined into this query).
    SELECT s.expires_at, m.id IS NOT NULL INTO v_expires, v_active
      FROM game_sessions s LEFT JOIN LATERAL member_signed_in(s.member_id) m ON true
     WHERE s.token_hash = p_tokens[v_item] AND s.vendor_code = p_vendors[v_item]
       AND s.member_id = p_members[v_item] AND s.account_id = p_accounts[v_item] AND s.expires_at > now();
    IF NOT FOUND THEN
      v_verdicts[v_item] := 'SESSION_EXPIRED';
    ELSIF NOT v_active THEN
      v_verdicts[v_item] := 'ACCOUNT_DISABLED';
    ELSE
      v_window := make_interval(mins => p_minutes[v_item]);
      IF v_expires < now() + v_window * 0.75 THEN
        UPDATE game_sessions s SET expires_at = now() + v_window
         WHERE s.token_hash = (SELECT x.token_hash FROM game_sessions x WHERE x.token_hash = p_tokens[v_item]
                                  FOR NO KEY UPDATE SKIP LOCKED);
      END IF;
    END IF;
  END LOOP;
  RETURN v_verdicts;
END $$;

-- The members' side of a batch of transfers (the wallet's guard on its quick path): for each transfer, whether the
-- payer and the payee are active, the payee is the payer's upline or, for an agent, a direct downline, and the
-- payer's payment password is still the one the wallet saw verified (its fingerprint: the hex SHA-256 of the stored
-- hash, as PaymentPasswords remembers it). One boolean per transfer, in order.
CREATE OR REPLACE FUNCTION member_transfer_allowed(
  p_payers bigint[], p_targets bigint[], p_fingerprints text[], p_agents boolean[]
) RETURNS boolean[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY(
    SELECT EXISTS (
      SELECT 1 FROM members me JOIN members target ON target.id = g.target
       WHERE me.id = g.payer AND me.status = 'active' AND target.status = 'active'
         AND encode(sha256(convert_to(me.payment_password_hash, 'UTF8')), 'hex') = g.fingerprint
         AND (target.id = me.upline_id OR (g.agent AND target.upline_id = me.id)))
      FROM unnest(p_payers, p_targets, p_fingerprints, p_agents) WITH ORDINALITY AS g(payer, target, fingerprint, agent, n)
     ORDER BY g.n)
$$;

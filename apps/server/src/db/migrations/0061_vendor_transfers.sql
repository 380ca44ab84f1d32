-- Game vendors in transfer mode hold the player's balance themselves (docs/transfer-api.md): the portal moves money
-- to and from them through the vendor's transfer API, at the address the operator connects.
-- Its address is https, or plain http on this machine's loopback only, as a launch address (0059).
ALTER TABLE vendor_integrations ADD COLUMN transfer_url text CHECK (
  (transfer_url ~ '^https://[^\s]+$' OR transfer_url ~ '^http://(127\.0\.0\.1|localhost)(:[0-9]{1,5})?([/?#][^\s]*)?$')
  AND length(transfer_url) <= 500
);

-- One move between a member's main wallet and a vendor's wallet. `in` goes to the vendor: the stake leaves the
-- member's cash when the row is written and comes back if the vendor refuses; `out` comes from the vendor: the
-- member's cash grows only once the vendor has paid it out. A move whose answer was lost stays pending until the
-- same call, sent again under the same transaction id (T<id>), gets a final answer.
CREATE TABLE vendor_transfers (
  id            bigserial PRIMARY KEY,
  member_id     bigint NOT NULL,
  vendor_code   text NOT NULL,
  direction     text NOT NULL CHECK (direction IN ('in', 'out')),
  amount_minor  bigint NOT NULL CHECK (amount_minor > 0),
  currency      text NOT NULL,
  request_key   text NOT NULL,
  request_hash  text NOT NULL,
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
  refusal       text,
  vendor_balance_minor bigint,
  -- Calls sent to the vendor so far.
  attempts      integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, request_key)
);
CREATE INDEX vendor_transfers_pending ON vendor_transfers (updated_at) WHERE status = 'pending';

-- Payments: the operator's deposit channels, deposit orders, bound receiving accounts, withdrawals with their
-- status history, uploaded receipts and proofs, payment-provider callbacks and turnover requirements. Money itself
-- only moves in the journal; these tables say why, and point at the entries that did it.

CREATE TABLE payment_channels (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code              text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9_-]{2,40}$'),
  kind              text NOT NULL CHECK (kind IN ('bank', 'ewallet', 'usdt')),
  mode              text NOT NULL CHECK (mode IN ('manual', 'provider')),
  provider          text CHECK (provider ~ '^[a-z0-9_-]{2,40}$'),
  display_name      text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 60),
  currency          text NOT NULL DEFAULT 'BDT',
  min_minor         bigint NOT NULL CHECK (min_minor > 0),
  max_minor         bigint NOT NULL,
  quick_amounts     bigint[] NOT NULL DEFAULT '{}',
  order_minutes     integer NOT NULL DEFAULT 30 CHECK (order_minutes BETWEEN 5 AND 1440),
  receiving_account jsonb,
  enabled           boolean NOT NULL DEFAULT true,
  sort_order        integer NOT NULL DEFAULT 0,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (max_minor >= min_minor),
  CHECK ((mode = 'provider') = (provider IS NOT NULL)),
  CHECK (mode = 'provider' OR receiving_account IS NOT NULL)
);

-- Images a member uploaded: deposit receipts and proofs that a withdrawal did not arrive.
CREATE TABLE uploads (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id    bigint NOT NULL REFERENCES members (id),
  purpose      text NOT NULL CHECK (purpose IN ('deposit_receipt', 'withdrawal_proof')),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  size_bytes   integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 5242880),
  sha256       text NOT NULL,
  data         bytea NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE deposit_orders (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no         text NOT NULL UNIQUE,
  member_id        bigint NOT NULL REFERENCES members (id),
  channel_id       bigint NOT NULL REFERENCES payment_channels (id),
  amount_minor     bigint NOT NULL CHECK (amount_minor > 0),
  currency         text NOT NULL,
  status           text NOT NULL DEFAULT 'created'
                   CHECK (status IN ('created', 'waiting_confirmation', 'confirmed', 'expired', 'rejected')),
  -- The member's key for this request: a retried "create" returns the same order.
  request_key      text NOT NULL CHECK (length(request_key) BETWEEN 8 AND 100),
  transaction_ref  text CHECK (transaction_ref ~ '^[A-Za-z0-9-]{4,40}$'),
  receipt_id       bigint REFERENCES uploads (id),
  provider_ref     text,
  pay_url          text CHECK (length(pay_url) <= 500),
  expires_at       timestamptz NOT NULL,
  decided_by       text,
  reject_reason    text CHECK (length(reject_reason) <= 200),
  entry_id         bigint UNIQUE REFERENCES journal_entries (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, request_key),
  CHECK ((status = 'confirmed') = (entry_id IS NOT NULL))
);
-- One e-wallet transaction id pays one order of a channel.
CREATE UNIQUE INDEX deposit_orders_transaction_ref ON deposit_orders (channel_id, upper(transaction_ref))
  WHERE transaction_ref IS NOT NULL AND status <> 'rejected';
CREATE UNIQUE INDEX deposit_orders_provider_ref ON deposit_orders (channel_id, provider_ref) WHERE provider_ref IS NOT NULL;
CREATE INDEX deposit_orders_member ON deposit_orders (member_id, created_at DESC);
CREATE INDEX deposit_orders_open ON deposit_orders (status, expires_at) WHERE status IN ('created', 'waiting_confirmation');

-- Every callback a payment provider made, genuine or not: the event id is claimed once, so a replay is refused.
CREATE TABLE payment_callbacks (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider     text NOT NULL,
  event_id     text,
  order_no     text,
  outcome      text NOT NULL CHECK (outcome IN (
                 'credited', 'ignored', 'forged', 'replayed', 'stale', 'mismatch', 'unknown_order')),
  remote_ip    text,
  body         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payment_callbacks_event ON payment_callbacks (provider, event_id)
  WHERE outcome NOT IN ('forged', 'replayed', 'stale');

CREATE TABLE payout_accounts (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id      bigint NOT NULL REFERENCES members (id),
  kind           text NOT NULL CHECK (kind IN ('bank', 'ewallet', 'usdt')),
  provider       text NOT NULL CHECK (length(provider) BETWEEN 1 AND 60),
  account_name   text NOT NULL CHECK (length(account_name) BETWEEN 1 AND 100),
  account_number text NOT NULL CHECK (account_number ~ '^[A-Za-z0-9-]{4,64}$'),
  removed_at     timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payout_accounts_unique ON payout_accounts (member_id, kind, lower(provider), account_number)
  WHERE removed_at IS NULL;

CREATE TABLE withdrawals (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no          text NOT NULL UNIQUE,
  member_id         bigint NOT NULL REFERENCES members (id),
  payout_account_id bigint NOT NULL REFERENCES payout_accounts (id),
  amount_minor      bigint NOT NULL CHECK (amount_minor > 0),
  currency          text NOT NULL,
  status            text NOT NULL DEFAULT 'pending' CHECK (status IN (
                      'pending', 'cancelled', 'rejected', 'paid', 'received', 'not_received', 'fully_paid', 'refunded')),
  request_key       text NOT NULL CHECK (length(request_key) BETWEEN 8 AND 100),
  hold_entry_id     bigint NOT NULL UNIQUE REFERENCES journal_entries (id),
  -- The entry that released the hold (cancelled, rejected) or paid it out (paid).
  settle_entry_id   bigint UNIQUE REFERENCES journal_entries (id),
  refund_entry_id   bigint UNIQUE REFERENCES journal_entries (id),
  confirm_by        timestamptz,
  forced_receipt    boolean NOT NULL DEFAULT false,
  received_minor    bigint CHECK (received_minor >= 0),
  reject_reason     text CHECK (length(reject_reason) <= 200),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, request_key),
  CHECK (received_minor IS NULL OR received_minor <= amount_minor),
  CHECK ((status = 'pending') = (settle_entry_id IS NULL))
);
CREATE INDEX withdrawals_member ON withdrawals (member_id, created_at DESC);
CREATE INDEX withdrawals_open ON withdrawals (status, confirm_by) WHERE status IN ('pending', 'paid', 'not_received');

CREATE TABLE withdrawal_events (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  withdrawal_id bigint NOT NULL REFERENCES withdrawals (id),
  status        text NOT NULL,
  actor         text NOT NULL,
  note          text CHECK (length(note) <= 200),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawal_events_withdrawal ON withdrawal_events (withdrawal_id, id);

CREATE TABLE withdrawal_proofs (
  withdrawal_id bigint NOT NULL REFERENCES withdrawals (id),
  upload_id     bigint NOT NULL UNIQUE REFERENCES uploads (id),
  PRIMARY KEY (withdrawal_id, upload_id)
);

-- What must be wagered before a withdrawal: each confirmed deposit (and later each bonus) adds its share.
CREATE TABLE turnover_requirements (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id    bigint NOT NULL REFERENCES members (id),
  source       text NOT NULL CHECK (source IN ('deposit', 'bonus', 'adjustment')),
  reference    text NOT NULL,
  required_minor bigint NOT NULL CHECK (required_minor >= 0),
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, reference)
);
CREATE INDEX turnover_requirements_member ON turnover_requirements (member_id);

-- Journal lines of one account in time order, for the account record's date filters.
CREATE INDEX journal_lines_account_time ON journal_lines (account_id, created_at DESC);

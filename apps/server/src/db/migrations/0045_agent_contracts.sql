-- The agents' four salary contracts (issue 29; spec sections 3, 4 and 7): the contracts with every change of state,
-- the statement of each contract's settled window (paid or not: it carries losses and amounts below the minimum
-- payout to the next window), and the windows each settlement job has finished. Payments themselves are wallet
-- entries; a statement names its entry.

CREATE TABLE agent_contracts (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type        text NOT NULL CHECK (type IN ('dividend', 'dailyWage', 'hourlySalary', 'realTimeSalary')),
  holder_id   bigint NOT NULL REFERENCES members (id),
  -- NULL: the platform offered it (a top agent's contract, through the operator).
  offerer_id  bigint REFERENCES members (id),
  -- The tier table (and a dividend's period) in minor units and basis points; checked by the service.
  terms       jsonb NOT NULL,
  state       text NOT NULL CHECK (state IN ('offered', 'active', 'rejected', 'terminated')),
  offered_at  timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  ended_at    timestamptz,
  end_reason  text CHECK (end_reason IN ('rejected', 'terminated', 'withdrawn', 'replaced', 'lowerRate', 'uplineEnded')),
  CHECK (holder_id IS DISTINCT FROM offerer_id),
  CHECK ((state IN ('rejected', 'terminated')) = (ended_at IS NOT NULL AND end_reason IS NOT NULL)),
  CHECK (state <> 'active' OR accepted_at IS NOT NULL),
  CHECK (state <> 'offered' OR accepted_at IS NULL)
);
-- At most one active contract and one open offer per holder and type: a newer one replaces the older on acceptance.
CREATE UNIQUE INDEX agent_contracts_active ON agent_contracts (holder_id, type) WHERE state = 'active';
CREATE UNIQUE INDEX agent_contracts_offered ON agent_contracts (holder_id, type) WHERE state = 'offered';
CREATE INDEX agent_contracts_offerer ON agent_contracts (offerer_id, type) WHERE state IN ('offered', 'active');
CREATE INDEX agent_contracts_holder ON agent_contracts (holder_id, type, id DESC);
-- What a window's settlement reads: the contracts that were in force at its end.
CREATE INDEX agent_contracts_in_force ON agent_contracts (type, accepted_at) WHERE accepted_at IS NOT NULL;

CREATE TABLE agent_contract_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  contract_id bigint NOT NULL REFERENCES agent_contracts (id),
  state       text NOT NULL CHECK (state IN ('offered', 'active', 'rejected', 'terminated')),
  reason      text,
  -- A member's account, or NULL with the operator's name (or 'system') in actor_name.
  actor_id    bigint REFERENCES members (id),
  actor_name  text,
  at          timestamptz NOT NULL DEFAULT now(),
  CHECK ((actor_id IS NULL) <> (actor_name IS NULL))
);
CREATE INDEX agent_contract_events_contract ON agent_contract_events (contract_id, id);

CREATE TABLE agent_contract_settlements (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  contract_id        bigint NOT NULL REFERENCES agent_contracts (id),
  holder_id          bigint NOT NULL REFERENCES members (id),
  type               text NOT NULL,
  window_key         text NOT NULL,
  window_start       timestamptz NOT NULL,
  window_end         timestamptz NOT NULL,
  lines              jsonb NOT NULL,
  paid_minor         bigint NOT NULL CHECK (paid_minor >= 0),
  carried_loss_minor bigint NOT NULL CHECK (carried_loss_minor <= 0),
  pending_minor      bigint NOT NULL CHECK (pending_minor >= 0),
  -- The wallet entry that paid it (the wallet's idempotency key is the contract and the window).
  entry_id           bigint,
  settled_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (window_end > window_start),
  -- The row is stored unpaid first (its claim on the window), then the amount and the entry together.
  CHECK ((entry_id IS NULL) = (paid_minor = 0)),
  UNIQUE (contract_id, window_key)
);
CREATE INDEX agent_contract_settlements_holder ON agent_contract_settlements (holder_id, window_end DESC, id DESC);
CREATE INDEX agent_contract_settlements_contract ON agent_contract_settlements (contract_id, window_end DESC);

-- The job windows whose settlement finished, per type: the next window carries on from the last one here.
CREATE TABLE agent_contract_runs (
  type         text NOT NULL,
  window_key   text NOT NULL,
  window_start timestamptz NOT NULL,
  window_end   timestamptz NOT NULL,
  contracts    integer NOT NULL,
  paid_minor   bigint NOT NULL,
  settled_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (type, window_key)
);
CREATE INDEX agent_contract_runs_latest ON agent_contract_runs (type, window_start DESC);

-- The contract pages' switches (the consolidated call's divtypereq, dailysalreqtype, contracthoursalreq,
-- realtimesalreqtype): on unless an operator turns them off.
INSERT INTO feature_flags (code, enabled) VALUES
  ('DIVCONTRACT3', true), ('DAILYSALCONTRACT3', true), ('HOURSALCONTRACT3', true), ('REALTIMESALCONTRACT3', true)
ON CONFLICT (code) DO NOTHING;

-- Scheduled and background work. The job library (pg-boss) keeps its queues in a schema of its own, installed by
-- the migrator after these files; these tables are the portal's side of it.

-- One row per job sent under a key: a periodic job's key names its window ('daily-wage:2026-11-27'), another
-- job's key is its sender's (a draw, a contract). The primary key is what lets any number of nodes schedule the
-- same window while exactly one of them sends its job; window_start tells the scheduler which windows were sent.
CREATE TABLE job_keys (
  kind         text NOT NULL CHECK (length(kind) <= 60),
  key          text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
  job_id       uuid NOT NULL,
  window_start timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, key)
);
CREATE INDEX job_keys_windows ON job_keys (kind, window_start DESC) WHERE window_start IS NOT NULL;
CREATE INDEX job_keys_created ON job_keys (created_at);

-- Jobs that failed every attempt, for the operator to read and retry. A row is written once per dead job (job_id is
-- the library's dead-letter job that carried it here), and never deleted: a retry is recorded on it.
CREATE TABLE job_dead_letters (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id       uuid NOT NULL UNIQUE,
  kind         text NOT NULL,
  key          text,
  payload      jsonb NOT NULL,
  window_start timestamptz,
  window_end   timestamptz,
  last_error   text NOT NULL CHECK (length(last_error) <= 2000),
  attempts     integer NOT NULL CHECK (attempts >= 1),
  failed_at    timestamptz NOT NULL,
  retried_at   timestamptz,
  retried_by   text,
  retry_job_id uuid,
  CHECK ((retried_at IS NULL) = (retried_by IS NULL) AND (retried_at IS NULL) = (retry_job_id IS NULL))
);
CREATE INDEX job_dead_letters_open ON job_dead_letters (failed_at DESC, id DESC) WHERE retried_at IS NULL;

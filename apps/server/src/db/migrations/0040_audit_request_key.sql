-- The client's idempotency key of an audited request (an operator's adjustment): a replay of the request commits no
-- second audit row, as it posts no second journal entry. NULL for actions without a key (NULLs never collide).
ALTER TABLE audit_log ADD COLUMN request_key text;
CREATE UNIQUE INDEX audit_log_request_key ON audit_log (request_key);

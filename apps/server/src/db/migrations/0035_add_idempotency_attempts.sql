-- An Idempotency-Key is marked `committed` in the same transaction as the work it protects (docs/decisions/0018), so
-- that no retry runs that work again, whatever becomes of the answer; `attempt` names the request that holds the key,
-- so that the transaction of one whose key a retry has taken over cannot commit.
ALTER TABLE idempotency_keys ADD COLUMN attempt text;

ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_state_check;
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_state_check
  CHECK (state IN ('running', 'committed', 'done'));

ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_check;
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_answer_check
  CHECK (state <> 'done' OR response_status IS NOT NULL);

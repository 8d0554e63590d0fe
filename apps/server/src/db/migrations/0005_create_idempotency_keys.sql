-- One row per Idempotency-Key a user sent to an endpoint (ARCHITECTURE §3, src/http/idempotency.ts): the primary key
-- lets exactly one of several identical requests run; the others replay the answer it recorded.
CREATE TABLE idempotency_keys (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'done')),
  response_status integer,
  response_body text,
  -- While running: when the request that holds the key is presumed dead, so that a retry may take the key over.
  locked_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, endpoint, key),
  CHECK (state = 'running' OR response_status IS NOT NULL)
);

CREATE INDEX idempotency_keys_expiry_idx ON idempotency_keys (expires_at);

-- Internal idempotency keys (src/db/processed-keys.ts): a payment notification, a redeem, a reward, one batch row of a
-- job period. Inserted in the transaction of the effect they guard, so the effect and its key commit or vanish together.
CREATE TABLE processed_keys (
  scope text NOT NULL,
  key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- NULL: kept for ever (money credits); otherwise purged after this time by jobs.purge-processed-keys.
  expires_at timestamptz,
  PRIMARY KEY (scope, key)
);

CREATE INDEX processed_keys_expiry_idx ON processed_keys (expires_at) WHERE expires_at IS NOT NULL;

-- Redeem codes (issue 10): operators create them in batches, each code worth the batch's amount of balance and
-- redeemable once, until the batch's last moment if it has one.
CREATE TABLE redeem_batches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  expires_at timestamptz,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE redeem_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  batch_id bigint NOT NULL REFERENCES redeem_batches (id) ON DELETE CASCADE,
  redeemed_by bigint REFERENCES users (id) ON DELETE SET NULL,
  redeemed_at timestamptz
);

CREATE INDEX redeem_codes_batch ON redeem_codes (batch_id);

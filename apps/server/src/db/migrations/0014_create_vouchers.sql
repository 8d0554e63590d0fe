-- Vouchers (issue 10, spec §1, §3, §4), owned by the wallet: money a user may spend on charges before their balance,
-- earliest expiry first (ARCHITECTURE §4). kind 'voucher' pays any charge, 'coupon' only GPU application orders.
-- balance is what is left of face_amount; a voucher spent to nothing or past its expiry becomes invalid.
CREATE TABLE vouchers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('voucher', 'coupon')),
  -- An operator's name for it; vouchers the platform makes are named by their source, in the reader's language.
  name text,
  face_amount bigint NOT NULL CHECK (face_amount > 0),
  balance bigint NOT NULL CHECK (balance >= 0 AND balance <= face_amount),
  status text NOT NULL DEFAULT 'normal'
    CHECK (status IN ('normal', 'invalid', 'abnormal', 'pendingActivation', 'awaitingInviteeFirstApp')),
  source text NOT NULL CHECK (source IN ('operator', 'rechargeReturn', 'invite')),
  effective_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL CHECK (expires_at > effective_at),
  created_at timestamptz NOT NULL
);

-- What a charge locks, earliest expiry first, and what the lists and the balance read.
CREATE INDEX vouchers_user_expiry ON vouchers (user_id, expires_at, id);
-- What the expiry job looks for.
CREATE INDEX vouchers_open_expiry ON vouchers (expires_at) WHERE status <> 'invalid';

-- What each voucher paid of which order, so that an order's bill shows its voucher payment.
CREATE TABLE voucher_spends (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  voucher_id bigint NOT NULL REFERENCES vouchers (id) ON DELETE CASCADE,
  user_id bigint NOT NULL,
  order_no text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL
);

CREATE INDEX voucher_spends_user_order ON voucher_spends (user_id, order_no);
CREATE INDEX voucher_spends_voucher ON voucher_spends (voucher_id);

-- Recharge-return promotions: a credited recharge of at least threshold gets a voucher of voucher_amount, valid
-- valid_days; the highest active tier it reaches applies. Operators change rows here; the seed makes it work at once.
CREATE TABLE recharge_return_tiers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  threshold bigint NOT NULL UNIQUE CHECK (threshold > 0),
  voucher_amount bigint NOT NULL CHECK (voucher_amount > 0),
  valid_days integer NOT NULL CHECK (valid_days > 0),
  active boolean NOT NULL DEFAULT true
);

INSERT INTO recharge_return_tiers (threshold, voucher_amount, valid_days) VALUES
  (1000000, 50000, 30),
  (5000000, 300000, 30)
ON CONFLICT (threshold) DO NOTHING;

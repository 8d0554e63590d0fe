-- Recharge orders (issue 10). An order is pending until its payment is credited (paid), its payer cancels it (closed)
-- or its QR expires and the provider closes it (invalid). A payment that arrives after the order was closed is still
-- credited, and marked paid_after_close for review: money received is never lost.
CREATE TABLE recharge_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('wechat', 'alipay', 'bank')),
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'closed', 'invalid')),
  code_url text,
  trade_no text,
  paid_after_close boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  closed_at timestamptz
);

CREATE INDEX recharge_orders_user_time ON recharge_orders (user_id, created_at DESC, id DESC);
-- What the expiry and query jobs look for every minute.
CREATE INDEX recharge_orders_pending ON recharge_orders (expires_at) WHERE status = 'pending';

-- The finance desk (issue 23), owned by modules/recharge: refunds of paid WeChat Pay and Alipay recharges, and the
-- daily reconciliation of each provider's clearing against the recharge orders.

-- What has been given back of an order, in units of 0.0001 yuan: an operator's refund compares it with what they saw
-- and adds to it in one statement, so that of two operators refunding one order at once the second gets a 409.
ALTER TABLE recharge_orders
  ADD COLUMN refunded bigint NOT NULL DEFAULT 0 CHECK (refunded >= 0 AND refunded <= amount);

-- One refund of an order. `refund_no` is its idempotency key at the provider (out_refund_no, out_request_no): asked
-- again after a timeout or a crash, the provider answers the same refund. pending: taken from the balance, not yet
-- answered by the provider; succeeded: the provider gave the money back; refused: the provider would not, and the
-- amount went back to the balance.
CREATE TABLE recharge_refunds (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  refund_no text NOT NULL UNIQUE,
  order_no text NOT NULL REFERENCES recharge_orders (order_no),
  user_id bigint NOT NULL REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount > 0),
  reason text NOT NULL,
  operator_id bigint NOT NULL REFERENCES users (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'refused')),
  provider_refund_no text,
  created_at timestamptz NOT NULL,
  answered_at timestamptz
);
CREATE INDEX recharge_refunds_order ON recharge_refunds (order_no);
CREATE INDEX recharge_refunds_pending ON recharge_refunds (id) WHERE status = 'pending';

-- A channel's business day, reconciled: due once the day is over, done when the provider's clearing was compared with
-- the orders paid that day. The differences are kept as they were found, for an operator to read.
CREATE TABLE clearing_reconciliations (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  day date NOT NULL,
  channel text NOT NULL CHECK (channel IN ('wechat', 'alipay')),
  status text NOT NULL DEFAULT 'due' CHECK (status IN ('due', 'done')),
  matched_count integer NOT NULL DEFAULT 0,
  matched_amount bigint NOT NULL DEFAULT 0,
  -- [{ orderNo, amount }]: paid orders the provider did not clear.
  missing_at_provider jsonb NOT NULL DEFAULT '[]',
  -- [{ orderNo, tradeNo, amount }]: payments the provider cleared that no paid order of the day answers.
  missing_as_orders jsonb NOT NULL DEFAULT '[]',
  -- [{ orderNo, orderAmount, providerAmount }]
  mismatches jsonb NOT NULL DEFAULT '[]',
  reconciled_at timestamptz,
  UNIQUE (day, channel)
);
CREATE INDEX clearing_reconciliations_due ON clearing_reconciliations (id) WHERE status = 'due';

-- Prepaid allowances of the metered gateway (docs/decisions/0034): each server buys a user's calls ahead in blocks and
-- serves them from memory; what a block did not serve goes back to the points it was paid with.

-- The points each spend drew from each lot, in the order drawn, so that what is returned goes back to those lots; a
-- return takes what it gives back off them. Kept as long as the spend's key (40 days).
CREATE TABLE power_point_draws (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reference text NOT NULL,
  lot_id bigint NOT NULL REFERENCES power_point_lots (id) ON DELETE CASCADE,
  points bigint NOT NULL CHECK (points > 0),
  drawn_at timestamptz NOT NULL
);

CREATE INDEX power_point_draws_reference ON power_point_draws (user_id, reference, id);
CREATE INDEX power_point_draws_drawn_at ON power_point_draws (drawn_at);

-- apiRefund: the part of an API allowance that served no call, returned.
ALTER TABLE power_point_entries DROP CONSTRAINT power_point_entries_kind_check;
ALTER TABLE power_point_entries ADD CONSTRAINT power_point_entries_kind_check
  CHECK (kind IN ('powerPointByBalance', 'powerPackageIssue', 'apiUsage', 'apiRefund', 'powerPackageExpired'));

-- The gateway servers holding allowances, with their heartbeat (the database's time, written every second or so): one
-- whose heartbeat is old is dead, and any live server returns what its allowances had not used.
CREATE TABLE api_gateway_servers (
  id text PRIMARY KEY,
  heartbeat_at timestamptz NOT NULL
);

-- A block of calls a server bought for a user (one payment, order_no its reference), and how many it had served as of
-- the server's last checkpoint. Closed once used up or returned; a closed block is never reopened. recalled_at: another
-- server ran short for this user and asked for the block's unused calls back.
CREATE TABLE api_allowances (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  server_id text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  order_no text NOT NULL UNIQUE,
  points_per_call bigint NOT NULL CHECK (points_per_call > 0),
  calls integer NOT NULL CHECK (calls > 0),
  used integer NOT NULL DEFAULT 0,
  bought_at timestamptz NOT NULL,
  closed_at timestamptz,
  recalled_at timestamptz,
  CHECK (used BETWEEN 0 AND calls)
);

CREATE INDEX api_allowances_open ON api_allowances (server_id) WHERE closed_at IS NULL;
CREATE INDEX api_allowances_open_by_user ON api_allowances (user_id) WHERE closed_at IS NULL;
CREATE INDEX api_allowances_closed ON api_allowances (closed_at) WHERE closed_at IS NOT NULL;

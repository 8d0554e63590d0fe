-- Power points and power packages (issue 10, spec §9 "Pricing and power", docs/decisions/0014). Points are not money:
-- they live in lots and a points history of their own; only a purchase moves the wallet, through its ledger.

-- The packages on sale, one row each: the configuration operators change. Prices in units of 0.0001 yuan.
CREATE TABLE power_package_plans (
  package text PRIMARY KEY CHECK (package IN ('gold', 'platinum', 'diamond')),
  monthly_price bigint NOT NULL CHECK (monthly_price > 0),
  monthly_points bigint NOT NULL CHECK (monthly_points > 0),
  position integer NOT NULL
);

-- How long a package may be bought for, and the discount on its monthly price times the months, in basis points.
CREATE TABLE power_package_terms (
  months integer PRIMARY KEY CHECK (months IN (1, 3, 12)),
  discount_basis_points integer NOT NULL CHECK (discount_basis_points BETWEEN 1 AND 10000)
);

-- Each package bought more points than its price buys at 100 points a yuan (9,900, 29,900, 99,900), the more the
-- larger the package; three months cost 95 % of three monthly prices, twelve 85 % of twelve.
INSERT INTO power_package_plans (package, monthly_price, monthly_points, position) VALUES
  ('gold', 990000, 12000, 1),
  ('platinum', 2990000, 40000, 2),
  ('diamond', 9990000, 150000, 3);

INSERT INTO power_package_terms (months, discount_basis_points) VALUES (1, 10000), (3, 9500), (12, 8500);

-- A package bought: what it cost and gives are copied from the plan, so a later price change leaves it alone. Month n
-- (from 1) is issued at purchased_at plus n - 1 calendar months; next_issue_at is when the next one falls due, NULL
-- once all are issued. It runs until ends_at, purchased_at plus its months.
CREATE TABLE power_packages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  package text NOT NULL CHECK (package IN ('gold', 'platinum', 'diamond')),
  months integer NOT NULL CHECK (months IN (1, 3, 12)),
  monthly_points bigint NOT NULL CHECK (monthly_points > 0),
  price bigint NOT NULL CHECK (price > 0),
  months_issued integer NOT NULL DEFAULT 0 CHECK (months_issued BETWEEN 0 AND months),
  purchased_at timestamptz NOT NULL,
  next_issue_at timestamptz,
  ends_at timestamptz NOT NULL
);

CREATE INDEX power_packages_user ON power_packages (user_id, ends_at DESC, id DESC);
-- What the monthly issue job looks for every minute.
CREATE INDEX power_packages_due ON power_packages (next_issue_at) WHERE next_issue_at IS NOT NULL;

-- Points issued together (a purchase, or one month of a package), spent until none remain or they expire; the expiry
-- job then removes what is left (remaining 0, expired_at set).
CREATE TABLE power_point_lots (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  order_no text NOT NULL,
  package_id bigint REFERENCES power_packages (id) ON DELETE CASCADE,
  package_month integer,
  points bigint NOT NULL CHECK (points > 0),
  remaining bigint NOT NULL CHECK (remaining BETWEEN 0 AND points),
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  expired_at timestamptz,
  CHECK ((package_id IS NULL) = (package_month IS NULL))
);

-- Spending takes a user's lots in expiry order; the expiry job looks for lots past their time with points left.
CREATE INDEX power_point_lots_spendable ON power_point_lots (user_id, expires_at, id) WHERE remaining > 0;
CREATE INDEX power_point_lots_expiring ON power_point_lots (expires_at) WHERE remaining > 0;

-- The points history: one row per change of a user's points, signed. lot_id names the lot issued or expired; a spend,
-- which may draw on several lots, names none.
CREATE TABLE power_point_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL
    CHECK (kind IN ('powerPointByBalance', 'powerPackageIssue', 'apiUsage', 'powerPackageExpired')),
  points bigint NOT NULL CHECK (points <> 0),
  order_no text NOT NULL,
  lot_id bigint REFERENCES power_point_lots (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);

CREATE INDEX power_point_entries_user_time ON power_point_entries (user_id, created_at DESC, id DESC);

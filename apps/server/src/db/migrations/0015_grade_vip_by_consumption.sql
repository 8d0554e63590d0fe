-- VIP grades (spec §3, §6, §9): the growth each grade starts at and its GPU price discount, in basis points.
-- Configuration, not code: operators may change the rows; grade 0 is the floor and has no discount.
CREATE TABLE vip_grades (
  grade integer PRIMARY KEY CHECK (grade >= 0),
  growth_threshold integer NOT NULL UNIQUE CHECK (growth_threshold >= 0),
  discount_basis_points integer NOT NULL CHECK (discount_basis_points BETWEEN 1 AND 10000)
);

INSERT INTO vip_grades (grade, growth_threshold, discount_basis_points) VALUES
  (0, 0, 10000),
  (1, 300, 9800),
  (2, 3000, 9500),
  (3, 10000, 9000)
ON CONFLICT (grade) DO NOTHING;

-- Growth is one point per whole yuan of balance spent. What was spent is counted in money units, so that many small
-- charges add up exactly: growth moves by the whole yuan the counter crosses.
ALTER TABLE users ADD COLUMN consumption_units bigint NOT NULL DEFAULT 0 CHECK (consumption_units >= 0);

-- The operators' dashboard (issue 23, modules/dashboard) shows the fleet's utilisation over time, which nothing kept:
-- an hourly job samples how many GPUs were busy of how many there were. One row per UTC hour; kept 40 days.
CREATE TABLE gpu_usage_samples (
  hour timestamptz PRIMARY KEY,
  busy integer NOT NULL CHECK (busy >= 0),
  total integer NOT NULL CHECK (total >= busy)
);

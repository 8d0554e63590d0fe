-- Low-balance warnings for running pay-as-you-go applications (issue 11 "Billing"): the last threshold each user was
-- warned at, so that each crossing sends one notice, and a top-up that lifts them above the hour clears it.
CREATE TABLE balance_warnings (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- 'hour': what they can spend covers less than an hour of their running applications; 'tenMinutes': less than ten.
  level text NOT NULL CHECK (level IN ('hour', 'tenMinutes')),
  warned_at timestamptz NOT NULL
);

-- Issue 19 "Money and GPUs you can trust".

-- The last moment the compute driver confirmed the application's workload running, in the run that began at
-- running_since: billing never charges past it (ARCHITECTURE §5), so minutes in which nothing was seen running (the
-- server down, a workspace gone) are never billed.
ALTER TABLE applications ADD COLUMN last_seen_running_at timestamptz;
UPDATE applications SET last_seen_running_at = billed_through WHERE status = 'running' AND billed_through IS NOT NULL;

-- A prepaid application's paid time without a gap: when it began and what it cost (the first term and the renewals
-- that extended it before it ended). Destroying it early refunds that cost pro rata to the time left, less the fee.
ALTER TABLE applications ADD COLUMN term_started_at timestamptz;
ALTER TABLE applications ADD COLUMN term_paid_units bigint NOT NULL DEFAULT 0 CHECK (term_paid_units >= 0);
UPDATE applications SET term_started_at = created_at, term_paid_units = spent_units WHERE billing_mode <> 'minute';
-- What the owner got back, fee deducted, when it was destroyed before its term ended.
ALTER TABLE applications ADD COLUMN refunded_units bigint NOT NULL DEFAULT 0 CHECK (refunded_units >= 0);

-- VIP grades are operator configuration (vip_grades), not a fixed 0 to 3.
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_vip_grade_check;
ALTER TABLE users ADD CONSTRAINT users_vip_grade_check CHECK (vip_grade >= 0);

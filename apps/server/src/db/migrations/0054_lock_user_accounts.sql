-- Operators lock an account (docs/decisions/0036): while locked_at is set, no login path opens a session for it. The
-- reason is kept on the row for the desk to show; who locked it, when and why is also the audit log's.
ALTER TABLE users ADD COLUMN locked_at timestamptz, ADD COLUMN locked_reason text;

-- The desk's "locked accounts" filter reads the few locked rows, not every account.
CREATE INDEX users_locked_idx ON users (locked_at) WHERE locked_at IS NOT NULL;

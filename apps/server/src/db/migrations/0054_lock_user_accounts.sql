-- Operators lock an account (docs/decisions/0036): while locked_at is set, no login path opens a session for it. The
-- reason is kept on the row for the desk to show; who locked it, when and why is also the audit log's.
ALTER TABLE users ADD COLUMN locked_at timestamptz, ADD COLUMN locked_reason text;

-- The desk's "locked accounts" filter reads the few locked rows, not every account.
CREATE INDEX users_locked_idx ON users (locked_at) WHERE locked_at IS NOT NULL;

-- Every server remembers API keys (modules/api-open, migration 0049): a lock or an unlock reaches each one's memory at
-- once, on the keys' channel, naming the account.
CREATE FUNCTION notify_account_lock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('api_credential_changed', 'user:' || NEW.id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_notify_lock_changed AFTER UPDATE OF locked_at ON users FOR EACH ROW
  WHEN (OLD.locked_at IS DISTINCT FROM NEW.locked_at) EXECUTE FUNCTION notify_account_lock_changed();

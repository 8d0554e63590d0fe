-- API keys of the API open platform (issue 22, spec §1 "Apply for API keys", §2 /APIOpen, docs/decisions/0032). A key
-- is shown to its owner once; only its SHA-256 is kept (a key is 32 random bytes, so no slow hash is needed to make
-- guessing it from the hash hopeless) with its first characters, to tell keys apart in the list.
CREATE TABLE api_credentials (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 40),
  key_hash text NOT NULL UNIQUE,
  prefix text NOT NULL,
  created_at timestamptz NOT NULL,
  -- The end of the key's last day; NULL: no end.
  expires_at timestamptz,
  rotated_at timestamptz,
  -- Written at most once a minute per key, so that parallel calls do not queue on the row.
  last_used_at timestamptz,
  revoked_at timestamptz
);

CREATE INDEX api_credentials_owner ON api_credentials (user_id, id DESC) WHERE revoked_at IS NULL;

-- Each server remembers the keys it has checked (modules/api-open/key-memory.ts), so a gateway call costs no query for
-- its key. A rotation, a revocation or a deletion must reach every server at once: the trigger announces the
-- credential's id on channel api_credential_changed when the change commits.
CREATE FUNCTION notify_api_credential_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('api_credential_changed', OLD.id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER api_credentials_notify_changed AFTER UPDATE OF key_hash, revoked_at, expires_at OR DELETE
  ON api_credentials FOR EACH ROW EXECUTE FUNCTION notify_api_credential_changed();

-- One-time logins to an application's link (issue 11, ARCHITECTURE §5 "Application proxy"): appLogin stores one, the
-- proxy on the link's own origin takes it (DELETE … RETURNING, so a token works once even across instances) and
-- answers with that origin's cookie. Only the token's SHA-256 is kept; a token lives 60 seconds.
CREATE TABLE application_login_tokens (
  token_hash text PRIMARY KEY,
  application_id bigint NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  port integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX application_login_tokens_expiry ON application_login_tokens (expires_at);

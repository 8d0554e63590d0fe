-- Each server remembers the live sessions it has looked up (modules/sessions/session-memory.ts), so a signed-in request
-- costs no query for its session. Every server must then hear at once of a session ended anywhere: by a logout or a
-- password change on another server, or by a user's deletion. The trigger tells them on channel session_ended, with
-- the session's id, when the change commits; a purge removes only sessions long dead and tells nobody.
CREATE FUNCTION notify_ended_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL THEN
      PERFORM pg_notify('session_ended', NEW.id::text);
    END IF;
  ELSIF OLD.revoked_at IS NULL AND OLD.expires_at > now() AND OLD.absolute_expires_at > now() THEN
    PERFORM pg_notify('session_ended', OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_notify_ended AFTER UPDATE OF revoked_at OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_ended_session();

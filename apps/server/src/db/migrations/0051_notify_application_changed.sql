-- Each server remembers where the gateway reaches an application's API link (modules/applications/app-access.service.ts
-- apiTarget), so that a gateway call costs no query for its application. A stop, a destroy, a move to another user or
-- a deletion must reach every server at once: the trigger announces the application's id on channel
-- application_changed when the change commits. Only the columns the gateway's answer depends on fire it, so that
-- billing's frequent writes to other columns announce nothing.
CREATE FUNCTION notify_application_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('application_changed', OLD.id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER applications_notify_changed AFTER UPDATE OF status, user_id, image_id OR DELETE
  ON applications FOR EACH ROW EXECUTE FUNCTION notify_application_changed();

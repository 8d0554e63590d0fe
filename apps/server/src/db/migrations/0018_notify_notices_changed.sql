-- Each server remembers how many platform notices are published (modules/notices/notice-count.ts) instead of counting
-- them on every page of the list. Any change to notices tells every server on channel notices_changed when it
-- commits, once per statement.
CREATE FUNCTION notify_notices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notices_changed', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER notices_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON notices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_notices_changed();

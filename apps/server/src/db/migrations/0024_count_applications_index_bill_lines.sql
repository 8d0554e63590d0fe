-- Each user's applications counted by status: the application list shows `total` on every page, and counting a
-- user's rows on each request grows with their number (2 ms for 10,000 applications on PostgreSQL, more than the page
-- itself). Destroyed applications are not counted: no list shows them.
CREATE TABLE application_counts (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL,
  total integer NOT NULL,
  PRIMARY KEY (user_id, status)
);

-- Changes to those counts not folded in yet, one row per application whose status changed (or that was written or
-- deleted): no count row is touched, so that transactions changing applications never wait on one another (nor
-- deadlock) over a count. The job applications.fold-counts adds them into application_counts every minute; a reader
-- adds the few left (as notices do, migration 0007).
CREATE TABLE application_count_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL,
  total integer NOT NULL
);
CREATE INDEX application_count_changes_user ON application_count_changes (user_id, status);

INSERT INTO application_counts (user_id, status, total)
SELECT user_id, status, count(*) FROM applications WHERE status <> 'destroyed' GROUP BY user_id, status;

-- Row-level, and on UPDATE only when the status moves: the billing tick's updates of thousands of running
-- applications (minutes, cost) record nothing.
CREATE FUNCTION count_applications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'destroyed'
     -- A user's deletion takes their applications and their counts with them: nothing to record for a user who is gone.
     AND (TG_OP = 'UPDATE' OR EXISTS (SELECT 1 FROM users WHERE users.id = OLD.user_id)) THEN
    INSERT INTO application_count_changes (user_id, status, total) VALUES (OLD.user_id, OLD.status, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status <> 'destroyed' THEN
    INSERT INTO application_count_changes (user_id, status, total) VALUES (NEW.user_id, NEW.status, 1);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER applications_counted_on_insert AFTER INSERT ON applications
  FOR EACH ROW EXECUTE FUNCTION count_applications();
CREATE TRIGGER applications_counted_on_update AFTER UPDATE OF status ON applications
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION count_applications();
CREATE TRIGGER applications_counted_on_delete AFTER DELETE ON applications
  FOR EACH ROW EXECUTE FUNCTION count_applications();

-- An application's bill lines: the ledger entries of its order (the ledger's orderNo filter, listLedger).
CREATE INDEX ledger_entries_user_order ON ledger_entries (user_id, order_no, created_at DESC, id DESC);

-- Each user's notice counts: the notice list shows `total` and `unread` on every page, and counting a user's rows on
-- each request grows with their number (4 ms for 10,000 notices on PostgreSQL, far more on PGlite).
CREATE TABLE inform_counts (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- Notices not deleted, and of those the unread ones.
  total integer NOT NULL DEFAULT 0,
  unread integer NOT NULL DEFAULT 0
);

-- Changes to those counts not folded in yet, written by the triggers below: one row per statement and user, and no
-- count row touched, so that transactions notifying several users never wait on one another (nor deadlock) over a
-- count. The job notices.fold-inform-counts adds them into inform_counts every minute; a reader adds the few left.
CREATE TABLE inform_count_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  total integer NOT NULL,
  unread integer NOT NULL
);
CREATE INDEX inform_count_changes_user_idx ON inform_count_changes (user_id);

INSERT INTO inform_counts (user_id, total, unread)
SELECT user_id,
       count(*) FILTER (WHERE deleted_at IS NULL),
       count(*) FILTER (WHERE deleted_at IS NULL AND read_at IS NULL)
FROM informs
GROUP BY user_id;

-- Statement-level: a statement that marks or deletes thousands of notices records one change per user, the rows it
-- counts in (new_rows) less the rows it counts out (old_rows). Each operation reads only the transition tables it has.
CREATE FUNCTION count_informs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO inform_count_changes (user_id, total, unread)
    SELECT user_id, count(*), count(*) FILTER (WHERE read_at IS NULL)
    FROM new_rows WHERE deleted_at IS NULL
    GROUP BY user_id;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO inform_count_changes (user_id, total, unread)
    SELECT user_id, sum(total), sum(unread)
    FROM (
      SELECT user_id, 1 AS total, CASE WHEN read_at IS NULL THEN 1 ELSE 0 END AS unread
      FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT user_id, -1, CASE WHEN read_at IS NULL THEN -1 ELSE 0 END
      FROM old_rows WHERE deleted_at IS NULL
    ) AS changes
    GROUP BY user_id HAVING sum(total) <> 0 OR sum(unread) <> 0;
  ELSE
    -- A user's deletion takes their notices and their counts with them: nothing to record for a user who is gone.
    INSERT INTO inform_count_changes (user_id, total, unread)
    SELECT user_id, -count(*), -count(*) FILTER (WHERE read_at IS NULL)
    FROM old_rows WHERE deleted_at IS NULL AND EXISTS (SELECT 1 FROM users WHERE users.id = old_rows.user_id)
    GROUP BY user_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER informs_counted_on_insert AFTER INSERT ON informs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_informs();
CREATE TRIGGER informs_counted_on_update AFTER UPDATE ON informs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_informs();
CREATE TRIGGER informs_counted_on_delete AFTER DELETE ON informs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_informs();

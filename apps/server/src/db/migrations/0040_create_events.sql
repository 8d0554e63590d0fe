-- Domain events (docs/decisions/0021): a module writes the facts it owns in the transaction of the fact, and other
-- modules' consumers handle them once, in order, after the last one they handled.
CREATE TABLE events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The transaction that wrote the event. Ids are taken when rows are written, not when they commit, so a consumer
  -- that read by id alone could pass a lower id still uncommitted and never see it: consumers read an event once no
  -- transaction of this database older than its writer is running (events/events.queries.ts), in (tx_id, id) order.
  tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  type text NOT NULL,
  -- What the fact is about, as `<kind>:<id>` (user:123): a consumer keeps the order of one subject's events.
  subject text NOT NULL,
  payload jsonb NOT NULL,
  occurred_at timestamptz NOT NULL
);
CREATE INDEX events_order_idx ON events (tx_id, id);

-- Each consumer's place: the last event it handled, and the failures of the next one while it is retried.
CREATE TABLE event_consumers (
  name text PRIMARY KEY,
  after_tx xid8 NOT NULL DEFAULT '0',
  after_id bigint NOT NULL DEFAULT 0,
  failing_event_id bigint REFERENCES events (id),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  retry_at timestamptz
);

-- Events a consumer gave up on (a poison event, with its error) and those of the same subject that came after it,
-- held so that the subject's order holds. An operator replays them (`npm run events -- replay`); nothing is skipped.
CREATE TABLE parked_events (
  consumer text NOT NULL REFERENCES event_consumers (name) ON DELETE CASCADE,
  event_id bigint NOT NULL REFERENCES events (id),
  subject text NOT NULL,
  error text,
  attempts integer NOT NULL,
  -- For an event held behind a parked one of its subject: that event.
  held_behind bigint REFERENCES events (id),
  parked_at timestamptz NOT NULL,
  PRIMARY KEY (consumer, event_id),
  CHECK ((error IS NULL) <> (held_behind IS NULL))
);
CREATE INDEX parked_events_subject_idx ON parked_events (consumer, subject);

-- Consumers wake when events commit, not at their next minute: once per statement that wrote some.
CREATE FUNCTION notify_events_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('events_written', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER events_notify_written AFTER INSERT ON events
  FOR EACH STATEMENT EXECUTE FUNCTION notify_events_written();

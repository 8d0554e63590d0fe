-- The support desk (issue 23): operators write platform notices and follow consultation leads; and the fleet desk's
-- regions, which operators now add and rename.
-- A notice is scheduled until its published_at on the business clock, published after; withdrawn_at takes it from
-- every user's list. `version` is what an operator's change compares and sets, so that of two operators changing one
-- notice (or lead) at once the second gets a 409.
ALTER TABLE notices
  ADD COLUMN withdrawn_at timestamptz,
  ADD COLUMN version integer NOT NULL DEFAULT 1;

-- Leads move on past the first call: handled (contacted), converted into a customer, or closed without one.
ALTER TABLE consultations DROP CONSTRAINT consultations_state_check;
ALTER TABLE consultations
  ADD CONSTRAINT consultations_state_check CHECK (state IN ('pending', 'handled', 'converted', 'closed')),
  ADD COLUMN version integer NOT NULL DEFAULT 1;

-- What operators wrote about a lead, oldest first: the timeline of the contact. A note written with a change of state
-- names the state the lead moved to.
CREATE TABLE consultation_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  consultation_id bigint NOT NULL REFERENCES consultations (id) ON DELETE CASCADE,
  author_id bigint NOT NULL REFERENCES users (id),
  note text NOT NULL,
  state text CHECK (state IN ('handled', 'converted', 'closed')),
  created_at timestamptz NOT NULL
);

CREATE INDEX consultation_notes_by_lead ON consultation_notes (consultation_id, id);

-- Operators add and rename regions (fleet desk, decision 0037): `managed_by` and `version` as hosts have them
-- (migration 0055), so that the start-up sync leaves an operator's region alone and two renames at once meet a 409.
ALTER TABLE regions
  ADD COLUMN managed_by text NOT NULL DEFAULT 'configuration' CHECK (managed_by IN ('configuration', 'operator')),
  ADD COLUMN version integer NOT NULL DEFAULT 1;

-- Each server remembers the regions' names (modules/inventory/index.ts); any change to them tells every server on
-- channel regions_changed when it commits, once per statement.
CREATE FUNCTION notify_regions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('regions_changed', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER regions_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON regions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_regions_changed();

-- The billing tick claims its chunks in owner order (user_id, id), so that a chunk holds whole owners whose wallets it
-- locks and moves once, where id order touched nearly every owner in every chunk (issue 25). This index serves that
-- claim; the one on billed_through it replaces picked nothing out, since at each tick every running row has a minute
-- due.
CREATE INDEX applications_billing_by_owner ON applications (user_id, id)
  WHERE billing_mode = 'minute' AND status = 'running';
DROP INDEX applications_billable;

-- One row per (job, period): the primary key is what makes every scheduled run happen at most once (ARCHITECTURE §6).
CREATE TABLE job_runs (
  job text NOT NULL,
  period text NOT NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done')),
  owner text NOT NULL,
  attempts integer NOT NULL DEFAULT 1,
  lease_expires_at timestamptz NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  last_error text,
  PRIMARY KEY (job, period)
);

CREATE INDEX job_runs_running_idx ON job_runs (job, lease_expires_at) WHERE status = 'running';

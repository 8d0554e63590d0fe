-- Operators' fleet and prices (issue 23, decision 0037), owned by modules/inventory. GPU models, their prices and the
-- duration discounts move from the fleet configuration into the database, which quotes and rentals read; hosts and
-- GPUs gain the states operators set. `managed_by` says whom a row follows: the configuration, which the start-up sync
-- writes, or the operators, once one changed it, after which the sync leaves the row alone. `version` is what a
-- change compares and sets, so that of two operators changing one row at once the second gets a 409.

CREATE TABLE gpu_models (
  model text PRIMARY KEY,
  memory_gb integer NOT NULL CHECK (memory_gb > 0),
  -- One GPU for one hour, in units of 0.0001 yuan (whole fen); every billing mode's price derives from it.
  hourly_price_units bigint NOT NULL CHECK (hourly_price_units > 0),
  -- What holders of the education role pay per hour instead; NULL: they pay the list price.
  education_hourly_price_units bigint CHECK (education_hourly_price_units > 0),
  -- Lists follow the configuration's order; models operators add come after.
  sort integer NOT NULL,
  managed_by text NOT NULL DEFAULT 'configuration' CHECK (managed_by IN ('configuration', 'operator')),
  version integer NOT NULL DEFAULT 1
);

-- What a prepaid period costs against its hours at the hourly price; per minute is always the full price.
CREATE TABLE duration_discounts (
  billing_mode text PRIMARY KEY CHECK (billing_mode IN ('day', 'week', 'month', 'year')),
  basis_points integer NOT NULL CHECK (basis_points BETWEEN 1 AND 10000),
  managed_by text NOT NULL DEFAULT 'configuration' CHECK (managed_by IN ('configuration', 'operator')),
  version integer NOT NULL DEFAULT 1
);

-- active: offered; draining: nothing new placed, what runs finishes; broken: nothing placed.
ALTER TABLE hosts
  ADD COLUMN state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'draining', 'broken')),
  ADD COLUMN managed_by text NOT NULL DEFAULT 'configuration' CHECK (managed_by IN ('configuration', 'operator')),
  ADD COLUMN version integer NOT NULL DEFAULT 1;

-- A broken GPU is never placed on; the application holding it when it broke keeps it until it comes to rest.
ALTER TABLE gpus
  ADD COLUMN broken boolean NOT NULL DEFAULT false,
  ADD COLUMN version integer NOT NULL DEFAULT 1;

DROP INDEX gpus_free_by_model;
CREATE INDEX gpus_free_by_model ON gpus (model, host_id, gpu_index) WHERE application_id IS NULL AND NOT broken;
CREATE INDEX hosts_by_region ON hosts (region_id, name);

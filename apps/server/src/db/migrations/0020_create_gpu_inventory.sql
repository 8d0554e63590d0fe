-- GPU inventory (issue 11 "Inventory and scheduling", ARCHITECTURE §5): regions → hosts → GPUs. The rows mirror the
-- fleet configuration (FLEET_FILE or the embedded simulated fleet), which the server syncs into them at every start
-- (modules/inventory/fleet-sync.ts); prices stay in the configuration.

CREATE TABLE regions (
  -- The operator's name for it, as in the configuration: cn-east-1.
  id text PRIMARY KEY,
  name_zh text NOT NULL,
  name_en text NOT NULL,
  -- The configuration's order, which lists follow.
  sort integer NOT NULL
);

CREATE TABLE hosts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  region_id text NOT NULL REFERENCES regions (id),
  name text NOT NULL UNIQUE,
  -- Declared in the configuration rather than read from the machine's nvidia-smi (the local driver's fallback).
  simulated boolean NOT NULL
);

CREATE TABLE gpus (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  host_id bigint NOT NULL REFERENCES hosts (id),
  model text NOT NULL,
  -- The GPU's number on its host, as nvidia-smi and CUDA_VISIBLE_DEVICES count them.
  gpu_index integer NOT NULL CHECK (gpu_index >= 0),
  -- The application holding it, or NULL when free. Allocation sets it under FOR UPDATE SKIP LOCKED in the
  -- application's accepting transaction, so no GPU is held twice. No foreign key: that transaction allocates to the
  -- application's id before it writes the row that records the allocation (applications.queries nextApplicationId),
  -- and the reconciler frees an application's GPUs whenever it comes to rest.
  application_id bigint,
  UNIQUE (host_id, gpu_index)
);

-- The scheduler counts and takes free GPUs of one model per host.
CREATE INDEX gpus_free_by_model ON gpus (model, host_id, gpu_index) WHERE application_id IS NULL;
CREATE INDEX gpus_by_application ON gpus (application_id) WHERE application_id IS NOT NULL;

import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/sql.js';
import { inTransaction } from '../../db/transaction.js';
import type { Fleet } from './fleet.js';

export interface FleetChanges {
  gpusAdded: number;
  gpusRemoved: number;
}

/** The configured hosts as one JSON parameter, so that each step is one set-based statement whatever the fleet's size. */
const configuredHosts = (fleet: Fleet) =>
  sql`jsonb_to_recordset(${JSON.stringify(
    fleet.regions.flatMap((region) =>
      region.hosts.map((host) => ({
        region_id: region.id,
        name: host.name,
        simulated: host.simulated,
        gpu_model: host.gpuModel,
        gpu_count: host.gpuCount,
      })),
    ),
  )}::jsonb) AS configured (region_id text, name text, simulated boolean, gpu_model text, gpu_count integer)`;

async function upsertRegions(tx: Tx, fleet: Fleet) {
  const rows = fleet.regions.map((region, sort) => ({
    id: region.id,
    name_zh: region.nameZh,
    name_en: region.nameEn,
    sort,
  }));
  await tx.execute(sql`
    INSERT INTO regions (id, name_zh, name_en, sort)
    SELECT id, name_zh, name_en, sort
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS configured (id text, name_zh text, name_en text, sort integer)
    ON CONFLICT (id) DO UPDATE SET name_zh = excluded.name_zh, name_en = excluded.name_en, sort = excluded.sort
    WHERE regions.managed_by = 'configuration'
      AND (regions.name_zh, regions.name_en, regions.sort) IS DISTINCT FROM (excluded.name_zh, excluded.name_en, excluded.sort)`);
}

async function upsertHosts(tx: Tx, fleet: Fleet) {
  await tx.execute(sql`
    INSERT INTO hosts (region_id, name, simulated)
    SELECT region_id, name, simulated FROM ${configuredHosts(fleet)}
    ON CONFLICT (name) DO UPDATE SET region_id = excluded.region_id, simulated = excluded.simulated
    WHERE hosts.managed_by = 'configuration'
      AND (hosts.region_id, hosts.simulated) IS DISTINCT FROM (excluded.region_id, excluded.simulated)`);
}

/**
 * Free GPUs the configuration no longer declares (host gone, fewer GPUs, another model) go; held ones stay, and so do
 * those of hosts the operators manage.
 */
async function removeUnconfiguredGpus(tx: Tx, fleet: Fleet) {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`
      DELETE FROM gpus USING hosts
      WHERE hosts.id = gpus.host_id AND gpus.application_id IS NULL AND hosts.managed_by = 'configuration'
        AND NOT EXISTS (
          SELECT 1 FROM ${configuredHosts(fleet)}
          WHERE configured.name = hosts.name AND configured.gpu_model = gpus.model
            AND gpus.gpu_index < configured.gpu_count)
      RETURNING gpus.id`,
  );
  return rows.length;
}

async function addMissingGpus(tx: Tx, fleet: Fleet) {
  const rows = await queryRows<{ id: bigint }>(
    tx,
    sql`
      INSERT INTO gpus (host_id, model, gpu_index)
      SELECT hosts.id, configured.gpu_model, gpu_index
      FROM ${configuredHosts(fleet)}
      JOIN hosts ON hosts.name = configured.name AND hosts.managed_by = 'configuration'
      CROSS JOIN generate_series(0, configured.gpu_count - 1) AS gpu_index
      ON CONFLICT (host_id, gpu_index) DO NOTHING
      RETURNING id`,
  );
  return rows.length;
}

/** Hosts and regions gone from the configuration go once nothing is left on them; operators' hosts and regions stay. */
async function removeEmptyHostsAndRegions(tx: Tx, fleet: Fleet) {
  await tx.execute(sql`
    DELETE FROM hosts
    WHERE hosts.managed_by = 'configuration'
      AND NOT EXISTS (SELECT 1 FROM ${configuredHosts(fleet)} WHERE configured.name = hosts.name)
      AND NOT EXISTS (SELECT 1 FROM gpus WHERE gpus.host_id = hosts.id)`);
  const regionIds = JSON.stringify(fleet.regions.map((region) => region.id));
  await tx.execute(sql`
    DELETE FROM regions
    WHERE regions.managed_by = 'configuration'
      AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text(${regionIds}::jsonb) AS configured (id) WHERE configured.id = regions.id)
      AND NOT EXISTS (SELECT 1 FROM hosts WHERE hosts.region_id = regions.id)`);
}

/**
 * The configured models, prices and duration discounts, in the configuration's order, over those the configuration
 * still manages; a model it no longer declares goes once no GPU is of it. Rows an operator changed are left alone.
 */
async function syncPrices(tx: Tx, fleet: Fleet) {
  const models = JSON.stringify(
    fleet.gpuModels.map((model, sort) => ({
      model: model.model,
      memory_gb: model.memoryGb,
      hourly: Number(model.hourlyPrice),
      education: model.educationHourlyPrice === undefined ? null : Number(model.educationHourlyPrice),
      sort,
    })),
  );
  await tx.execute(sql`
    INSERT INTO gpu_models (model, memory_gb, hourly_price_units, education_hourly_price_units, sort)
    SELECT model, memory_gb, hourly, education, sort
    FROM jsonb_to_recordset(${models}::jsonb)
      AS configured (model text, memory_gb integer, hourly bigint, education bigint, sort integer)
    ON CONFLICT (model) DO UPDATE SET memory_gb = excluded.memory_gb, hourly_price_units = excluded.hourly_price_units,
      education_hourly_price_units = excluded.education_hourly_price_units, sort = excluded.sort
    WHERE gpu_models.managed_by = 'configuration'
      AND (gpu_models.memory_gb, gpu_models.hourly_price_units, gpu_models.education_hourly_price_units, gpu_models.sort)
        IS DISTINCT FROM (excluded.memory_gb, excluded.hourly_price_units, excluded.education_hourly_price_units,
          excluded.sort)`);
  await tx.execute(sql`
    DELETE FROM gpu_models
    WHERE managed_by = 'configuration'
      AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${models}::jsonb) AS configured (model text)
        WHERE configured.model = gpu_models.model)
      AND NOT EXISTS (SELECT 1 FROM gpus WHERE gpus.model = gpu_models.model)`);
  const discounts = JSON.stringify(
    Object.entries(fleet.durationDiscounts).map(([mode, basisPoints]) => ({ mode, basis_points: basisPoints })),
  );
  await tx.execute(sql`
    INSERT INTO duration_discounts (billing_mode, basis_points)
    SELECT mode, basis_points FROM jsonb_to_recordset(${discounts}::jsonb) AS configured (mode text, basis_points integer)
    ON CONFLICT (billing_mode) DO UPDATE SET basis_points = excluded.basis_points
    WHERE duration_discounts.managed_by = 'configuration'
      AND duration_discounts.basis_points <> excluded.basis_points`);
}

/**
 * Brings regions, hosts and GPUs in line with the fleet configuration at every start, on either engine: what is
 * missing is added by its natural key (region id, host name, GPU index on the host), so a second start changes
 * nothing. A held GPU is never touched, even when the configuration dropped it: it stays, and once released is
 * offered again, until the next start removes it. Rows an operator added or changed (`managed_by = 'operator'`: hosts
 * with their GPUs, models and prices, discounts) are never changed nor removed (decision 0037).
 */
export function syncFleet(db: Db, fleet: Fleet): Promise<FleetChanges> {
  return inTransaction(db, async (tx) => {
    await upsertRegions(tx, fleet);
    await upsertHosts(tx, fleet);
    const gpusRemoved = await removeUnconfiguredGpus(tx, fleet);
    const gpusAdded = await addMissingGpus(tx, fleet);
    await removeEmptyHostsAndRegions(tx, fleet);
    await syncPrices(tx, fleet);
    return { gpusAdded, gpusRemoved };
  });
}

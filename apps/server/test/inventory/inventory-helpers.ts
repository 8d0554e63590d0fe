import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import type { AllocationRequest } from '../../src/modules/inventory/index.js';
import type { TestApp } from '../helpers/build-test-app.js';

type HostSpec = { name: string; gpuModel: string; gpuCount: number; simulated?: boolean };
type RegionSpec = { id: string; nameZh?: string; nameEn?: string; hosts: HostSpec[] };

/** A fleet file's content: the embedded fleet's models and prices with the regions and hosts a test needs. */
export const fleetWith = (regions: RegionSpec[]) => ({
  gpuModels: [
    { model: 'RTX 4090', memoryGb: 24, hourlyPrice: '2.28', educationHourlyPrice: '1.95' },
    { model: 'RTX 3060', memoryGb: 12, hourlyPrice: '0.78' },
  ],
  durationDiscounts: { day: 9_500, week: 9_000, month: 8_500, year: 7_500 },
  regions: regions.map((region) => ({ nameZh: region.id, nameEn: region.id, ...region })),
});

/** Writes a FLEET_FILE and answers the environment that points the server at it. */
export async function fleetFile(fleet: object): Promise<{ FLEET_FILE: string }> {
  const file = join(await mkdtemp(join(tmpdir(), 'fleet-')), 'fleet.json');
  await writeFile(file, JSON.stringify(fleet));
  return { FLEET_FILE: file };
}

let nextHolder = 1_000n;
/** An application id to hold GPUs; the scheduler only records it. */
export const holder = () => (nextHolder += 1n);

export const allocate = (t: TestApp, request: Omit<AllocationRequest, 'applicationId'>, applicationId = holder()) =>
  inTransaction(t.db, (tx) => t.services.scheduler.allocateGpus(tx, { ...request, applicationId }));

export const release = (t: TestApp, applicationId: bigint) =>
  inTransaction(t.db, (tx) => t.services.scheduler.releaseGpus(tx, applicationId));

export interface GpuRow {
  id: bigint;
  regionId: string;
  hostId: bigint;
  host: string;
  simulated: boolean;
  model: string;
  gpuIndex: number;
  applicationId: bigint | null;
}

/** Every GPU row with its host and region, in a stable order. */
export const gpuRows = (t: TestApp) =>
  queryRows<GpuRow>(
    t.db,
    sql`SELECT gpus.id, hosts.region_id AS "regionId", hosts.id AS "hostId", hosts.name AS host, hosts.simulated, gpus.model,
          gpus.gpu_index AS "gpuIndex", gpus.application_id AS "applicationId"
        FROM gpus JOIN hosts ON hosts.id = gpus.host_id
        ORDER BY hosts.name, gpus.gpu_index`,
  );

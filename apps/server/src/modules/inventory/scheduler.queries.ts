import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/sql.js';
import { gpus, hosts } from './inventory.tables.js';

export interface GpuDemand {
  gpuModel: string;
  gpuCount: number;
  regionId?: string | undefined;
  hostId?: bigint | undefined;
}

/** Free GPUs of the model: not held, not broken, on a host in service (decision 0037: drained and broken hosts take none). */
const freeOf = ({ gpuModel, regionId, hostId }: Omit<GpuDemand, 'gpuCount'>) =>
  and(
    eq(gpus.model, gpuModel),
    isNull(gpus.applicationId),
    eq(gpus.broken, false),
    eq(hosts.state, 'active'),
    regionId === undefined ? undefined : eq(hosts.regionId, regionId),
    hostId === undefined ? undefined : eq(gpus.hostId, hostId),
  );

/**
 * The hosts with at least the GPUs asked for free, best fit first: the fewest free GPUs of the model, so that large
 * requests still find a whole host later (the fewest GPUs stranded). Counts are a hint read without locks; taking the
 * GPUs decides.
 */
export function listCandidateHosts(db: Db, demand: GpuDemand) {
  const free = sql<number>`count(*)::int`;
  return db
    .select({
      hostId: gpus.hostId,
      hostName: hosts.name,
      regionId: hosts.regionId,
      simulated: hosts.simulated,
      free,
    })
    .from(gpus)
    .innerJoin(hosts, eq(hosts.id, gpus.hostId))
    .where(freeOf(demand))
    .groupBy(gpus.hostId, hosts.name, hosts.regionId, hosts.simulated)
    .having(sql`count(*) >= ${demand.gpuCount}`)
    .orderBy(asc(free), asc(gpus.hostId));
}

export type CandidateHost = Awaited<ReturnType<typeof listCandidateHosts>>[number];

/**
 * Gives the application up to `gpuCount` free GPUs of the model on one host, lowest index first. SKIP LOCKED passes
 * over GPUs that a concurrent allocation has locked, so racers spread over the free ones instead of queueing, and a
 * GPU another transaction took is never taken twice: the lock's recheck sees it held. Fewer rows than asked means the
 * host ran short meanwhile. The host's row is share-locked: an operator's drain or break waits for the
 * allocations in flight, and one that waited for the operator's change rechecks the state and takes nothing, so no
 * placement commits after a drain answered (decision 0037).
 */
export function takeFreeGpus(
  tx: Tx,
  {
    hostId,
    gpuModel,
    gpuCount,
    applicationId,
  }: { hostId: bigint; gpuModel: string; gpuCount: number; applicationId: bigint },
) {
  return queryRows<{ id: bigint; gpuIndex: number }>(
    tx,
    sql`
      WITH taken AS MATERIALIZED (
        SELECT gpus.id FROM gpus JOIN hosts ON hosts.id = gpus.host_id
        WHERE gpus.host_id = ${hostId} AND gpus.model = ${gpuModel} AND gpus.application_id IS NULL
          AND NOT gpus.broken AND hosts.state = 'active'
        ORDER BY gpus.gpu_index
        LIMIT ${gpuCount}
        FOR UPDATE OF gpus SKIP LOCKED FOR SHARE OF hosts
      )
      UPDATE gpus SET application_id = ${applicationId}
      FROM taken WHERE gpus.id = taken.id
      RETURNING gpus.id, gpus.gpu_index AS "gpuIndex"`,
  );
}

/**
 * Gives the application one free GPU of the model, on the best-fit host (the fewest free, as listCandidateHosts
 * orders them), in one statement: the single-GPU acceptance needs no walk from host to host. SKIP LOCKED passes over
 * GPUs that concurrent acceptances have locked, and the lock's recheck over one they took meanwhile, or on a host an
 * operator drained meanwhile (its row share-locked, as takeFreeGpus does). No row: none is free.
 */
export function takeBestFitGpu(
  tx: Tx,
  { gpuModel, regionId, hostId, applicationId }: GpuDemand & { applicationId: bigint },
) {
  const where = sql`gpus.model = ${gpuModel} AND gpus.application_id IS NULL AND NOT gpus.broken
    AND hosts.state = 'active'${
      regionId === undefined ? sql`` : sql` AND hosts.region_id = ${regionId}`
    }${hostId === undefined ? sql`` : sql` AND gpus.host_id = ${hostId}`}`;
  return queryRows<{ id: bigint; gpuIndex: number } & Omit<CandidateHost, 'free'>>(
    tx,
    sql`
      WITH fit AS (
        SELECT gpus.host_id, count(*) AS free FROM gpus JOIN hosts ON hosts.id = gpus.host_id
        WHERE ${where}
        GROUP BY gpus.host_id
      ), taken AS MATERIALIZED (
        SELECT gpus.id FROM gpus JOIN fit ON fit.host_id = gpus.host_id JOIN hosts ON hosts.id = gpus.host_id
        WHERE gpus.model = ${gpuModel} AND gpus.application_id IS NULL AND NOT gpus.broken AND hosts.state = 'active'
        ORDER BY fit.free, gpus.host_id, gpus.gpu_index
        LIMIT 1
        FOR UPDATE OF gpus SKIP LOCKED FOR SHARE OF hosts
      )
      UPDATE gpus SET application_id = ${applicationId}
      FROM taken, hosts
      WHERE gpus.id = taken.id AND hosts.id = gpus.host_id
      RETURNING gpus.id, gpus.gpu_index AS "gpuIndex", gpus.host_id AS "hostId", hosts.name AS "hostName",
        hosts.region_id AS "regionId", hosts.simulated`,
  );
}

export async function releaseApplicationGpus(tx: Tx, applicationId: bigint) {
  const released = await tx
    .update(gpus)
    .set({ applicationId: null })
    .where(eq(gpus.applicationId, applicationId))
    .returning({ id: gpus.id });
  return released.length;
}

export function listHeldGpus(db: Db, applicationId: bigint) {
  return db
    .select({
      id: gpus.id,
      gpuIndex: gpus.gpuIndex,
      hostId: gpus.hostId,
      hostName: hosts.name,
      regionId: hosts.regionId,
      simulated: hosts.simulated,
    })
    .from(gpus)
    .innerJoin(hosts, eq(hosts.id, gpus.hostId))
    .where(eq(gpus.applicationId, applicationId))
    .orderBy(asc(gpus.gpuIndex));
}

export async function countFreeGpus(db: Db, demand: Omit<GpuDemand, 'gpuCount'>) {
  const [row] = await db
    .select({ free: sql<number>`count(*)::int` })
    .from(gpus)
    .innerJoin(hosts, eq(hosts.id, gpus.hostId))
    .where(freeOf(demand));
  return row?.free ?? 0;
}

/** Whether operators took the host out of service: drained, broken, or a GPU of it broken (decision 0037). */
export async function isHostOutOfService(db: Db, hostId: bigint) {
  const [row] = await db
    .select({
      out: sql<boolean>`${hosts.state} <> 'active'
        OR EXISTS (SELECT 1 FROM ${gpus} WHERE ${gpus.hostId} = ${hosts.id} AND ${gpus.broken})`,
    })
    .from(hosts)
    .where(eq(hosts.id, hostId));
  return row?.out ?? false;
}

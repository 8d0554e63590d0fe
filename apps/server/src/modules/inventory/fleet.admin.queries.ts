import { and, asc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { Money } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import type { PageWindow } from '../../db/paging.js';
import { placeable } from './inventory.queries.js';
import {
  durationDiscounts,
  gpuModels,
  gpus,
  hosts,
  regions,
  type HostState,
  type ManagedBy,
} from './inventory.tables.js';

export interface HostFilter {
  regionId?: string | undefined;
  gpuModel?: string | undefined;
  state?: HostState | undefined;
}

const hostWhere = ({ regionId, gpuModel, state }: HostFilter): SQL | undefined =>
  and(
    regionId === undefined ? undefined : eq(hosts.regionId, regionId),
    state === undefined ? undefined : eq(hosts.state, state),
    gpuModel === undefined
      ? undefined
      : exists(
          sql`(SELECT 1 FROM ${gpus} WHERE ${gpus.hostId} = ${hosts.id} AND lower(${gpus.model}) = lower(${gpuModel}))`,
        ),
  );

const hostColumns = {
  id: hosts.id,
  name: hosts.name,
  regionId: hosts.regionId,
  nameZh: regions.nameZh,
  nameEn: regions.nameEn,
  state: hosts.state,
  simulated: hosts.simulated,
  managedBy: hosts.managedBy,
  version: hosts.version,
};

/** A page of hosts in region order, then by name (unique), so that pages never overlap. */
export function listHostPage(db: Db, filter: HostFilter, window: PageWindow) {
  return db
    .select(hostColumns)
    .from(hosts)
    .innerJoin(regions, eq(regions.id, hosts.regionId))
    .where(hostWhere(filter))
    .orderBy(asc(regions.sort), asc(hosts.regionId), asc(hosts.name))
    .limit(window.limit)
    .offset(window.offset);
}

export const countHosts = (db: Db, filter: HostFilter) => db.$count(hosts, hostWhere(filter));

export type HostRow = Awaited<ReturnType<typeof listHostPage>>[number];

export async function findHost(db: Db, id: bigint): Promise<HostRow | undefined> {
  const [row] = await db
    .select(hostColumns)
    .from(hosts)
    .innerJoin(regions, eq(regions.id, hosts.regionId))
    .where(eq(hosts.id, id));
  return row;
}

const gpuColumns = {
  id: gpus.id,
  hostId: gpus.hostId,
  gpuIndex: gpus.gpuIndex,
  model: gpus.model,
  broken: gpus.broken,
  applicationId: gpus.applicationId,
  version: gpus.version,
};

export function listGpusOf(db: Db, hostIds: bigint[]) {
  return db
    .select(gpuColumns)
    .from(gpus)
    .where(inArray(gpus.hostId, hostIds))
    .orderBy(asc(gpus.hostId), asc(gpus.gpuIndex));
}

export type GpuRow = Awaited<ReturnType<typeof listGpusOf>>[number];

export async function findGpu(db: Db, id: bigint): Promise<GpuRow | undefined> {
  const [row] = await db.select(gpuColumns).from(gpus).where(eq(gpus.id, id));
  return row;
}

/** Every region with its hosts and GPUs counted: all, free to place on, held, broken. */
export function countByRegion(db: Db) {
  return db
    .select({
      id: regions.id,
      nameZh: regions.nameZh,
      nameEn: regions.nameEn,
      managedBy: regions.managedBy,
      version: regions.version,
      hosts: sql<number>`count(DISTINCT ${hosts.id})::int`,
      total: sql<number>`count(${gpus.id})::int`,
      free: sql<number>`(count(${gpus.id}) FILTER (WHERE ${placeable}))::int`,
      busy: sql<number>`(count(${gpus.id}) FILTER (WHERE ${gpus.applicationId} IS NOT NULL))::int`,
      broken: sql<number>`(count(${gpus.id}) FILTER (WHERE ${gpus.broken} OR ${hosts.state} = 'broken'))::int`,
    })
    .from(regions)
    .leftJoin(hosts, eq(hosts.regionId, regions.id))
    .leftJoin(gpus, eq(gpus.hostId, hosts.id))
    .groupBy(regions.id)
    .orderBy(asc(regions.sort), asc(regions.id));
}

const idle = sql`${gpus.applicationId} IS NULL`;
const brokenIdle = sql`${idle} AND (${gpus.broken} OR ${hosts.state} = 'broken')`;
const drainingIdle = sql`${idle} AND NOT ${gpus.broken} AND ${hosts.state} = 'draining'`;

/**
 * Every model in every region with its GPUs in exactly one state each: held by an application (busy), else broken
 * (itself or its host), else free to place on, else idle on a draining host. The operators' dashboard.
 */
export function countByModelAndRegion(db: Db) {
  return db
    .select({
      model: gpus.model,
      regionId: regions.id,
      regionNameZh: regions.nameZh,
      regionNameEn: regions.nameEn,
      free: sql<number>`(count(*) FILTER (WHERE ${placeable}))::int`,
      busy: sql<number>`(count(*) FILTER (WHERE NOT ${idle}))::int`,
      broken: sql<number>`(count(*) FILTER (WHERE ${brokenIdle}))::int`,
      draining: sql<number>`(count(*) FILTER (WHERE ${drainingIdle}))::int`,
    })
    .from(gpus)
    .innerJoin(hosts, eq(hosts.id, gpus.hostId))
    .innerJoin(regions, eq(regions.id, hosts.regionId))
    .groupBy(gpus.model, regions.id)
    .orderBy(asc(regions.sort), asc(regions.id), asc(gpus.model));
}

export async function regionExists(db: Db, id: string) {
  return (await db.$count(regions, eq(regions.id, id))) > 0;
}

const regionColumns = {
  id: regions.id,
  nameZh: regions.nameZh,
  nameEn: regions.nameEn,
  managedBy: regions.managedBy,
  version: regions.version,
};
export type RegionRow = { id: string; nameZh: string; nameEn: string; managedBy: ManagedBy; version: number };

export async function findRegion(db: Db, id: string): Promise<RegionRow | null> {
  const [row] = await db.select(regionColumns).from(regions).where(eq(regions.id, id));
  return row ?? null;
}

/** Adds an operator's region after every other; null when the id is taken. */
export async function insertRegion(tx: Tx, region: { id: string; nameZh: string; nameEn: string }) {
  const [row] = await tx
    .insert(regions)
    .values({
      ...region,
      sort: sql`(SELECT coalesce(max(${regions.sort}), -1) + 1 FROM ${regions})`,
      managedBy: 'operator',
    })
    .onConflictDoNothing({ target: regions.id })
    .returning(regionColumns);
  return row ?? null;
}

/** Compare-and-set on the version read: null when another change came first. The region becomes the operators'. */
export async function renameRegion(
  tx: Tx,
  { id, version }: { id: string; version: number },
  names: { nameZh: string; nameEn: string },
) {
  const [row] = await tx
    .update(regions)
    .set({ ...names, managedBy: 'operator', version: sql`${regions.version} + 1` })
    .where(and(eq(regions.id, id), eq(regions.version, version)))
    .returning(regionColumns);
  return row ?? null;
}

export async function insertHost(tx: Tx, host: { regionId: string; name: string; model: string; gpuCount: number }) {
  const [row] = await tx
    .insert(hosts)
    .values({ regionId: host.regionId, name: host.name, simulated: true, managedBy: 'operator' })
    .onConflictDoNothing({ target: hosts.name })
    .returning({ id: hosts.id });
  if (!row) {
    return null;
  }
  await tx
    .insert(gpus)
    .values(Array.from({ length: host.gpuCount }, (_, gpuIndex) => ({ hostId: row.id, model: host.model, gpuIndex })));
  return row.id;
}

/** Compare-and-set on the version read: false when another change came first. */
export async function setHostState(tx: Tx, { id, version }: { id: bigint; version: number }, state: HostState) {
  const rows = await tx
    .update(hosts)
    .set({ state, managedBy: 'operator', version: sql`${hosts.version} + 1` })
    .where(and(eq(hosts.id, id), eq(hosts.version, version)))
    .returning({ id: hosts.id });
  return rows.length === 1;
}

/** Compare-and-set on the version read; the host becomes the operators' (the sync leaves its GPUs be). */
export async function setGpuBroken(tx: Tx, gpu: { id: bigint; hostId: bigint; version: number }, broken: boolean) {
  const rows = await tx
    .update(gpus)
    .set({ broken, version: sql`${gpus.version} + 1` })
    .where(and(eq(gpus.id, gpu.id), eq(gpus.version, gpu.version)))
    .returning({ id: gpus.id });
  if (rows.length === 1) {
    await tx.update(hosts).set({ managedBy: 'operator' }).where(eq(hosts.id, gpu.hostId));
  }
  return rows.length === 1;
}

const modelColumns = {
  model: gpuModels.model,
  memoryGb: gpuModels.memoryGb,
  hourlyPrice: gpuModels.hourlyPriceUnits,
  educationHourlyPrice: gpuModels.educationHourlyPriceUnits,
  managedBy: gpuModels.managedBy,
  version: gpuModels.version,
};

export function listModelRows(db: Db) {
  return db.select(modelColumns).from(gpuModels).orderBy(asc(gpuModels.sort), asc(gpuModels.model));
}

export type ModelRow = Awaited<ReturnType<typeof listModelRows>>[number];

/** A model by its name, whatever its case, as quotes find it. */
export async function findModel(db: Db, model: string): Promise<ModelRow | undefined> {
  const [row] = await db
    .select(modelColumns)
    .from(gpuModels)
    .where(sql`lower(${gpuModels.model}) = lower(${model})`);
  return row;
}

export async function insertModel(
  tx: Tx,
  model: { model: string; memoryGb: number; hourlyPrice: Money; educationHourlyPrice: Money | null },
) {
  const rows = await tx
    .insert(gpuModels)
    .values({
      model: model.model,
      memoryGb: model.memoryGb,
      hourlyPriceUnits: model.hourlyPrice,
      educationHourlyPriceUnits: model.educationHourlyPrice,
      sort: sql`(SELECT coalesce(max(sort), -1) + 1 FROM gpu_models)`,
      managedBy: 'operator',
    })
    .onConflictDoNothing({ target: gpuModels.model })
    .returning({ model: gpuModels.model });
  return rows.length === 1;
}

export async function setModelPrice(
  tx: Tx,
  { model, version }: { model: string; version: number },
  prices: { hourlyPrice: Money; educationHourlyPrice: Money | null },
) {
  const rows = await tx
    .update(gpuModels)
    .set({
      hourlyPriceUnits: prices.hourlyPrice,
      educationHourlyPriceUnits: prices.educationHourlyPrice,
      managedBy: 'operator',
      version: sql`${gpuModels.version} + 1`,
    })
    .where(and(eq(gpuModels.model, model), eq(gpuModels.version, version)))
    .returning({ model: gpuModels.model });
  return rows.length === 1;
}

export type PrepaidMode = 'day' | 'week' | 'month' | 'year';

const discountColumns = {
  billingMode: durationDiscounts.billingMode,
  basisPoints: durationDiscounts.basisPoints,
  managedBy: durationDiscounts.managedBy,
  version: durationDiscounts.version,
};

export function listDiscountRows(db: Db) {
  return db
    .select(discountColumns)
    .from(durationDiscounts)
    .orderBy(sql`array_position(ARRAY['day', 'week', 'month', 'year'], ${durationDiscounts.billingMode})`);
}

export async function findDiscount(db: Db, mode: PrepaidMode) {
  const [row] = await db.select(discountColumns).from(durationDiscounts).where(eq(durationDiscounts.billingMode, mode));
  return row;
}

export async function setDiscount(
  tx: Tx,
  { mode, version }: { mode: PrepaidMode; version: number },
  basisPoints: number,
) {
  const rows = await tx
    .update(durationDiscounts)
    .set({ basisPoints, managedBy: 'operator', version: sql`${durationDiscounts.version} + 1` })
    .where(and(eq(durationDiscounts.billingMode, mode), eq(durationDiscounts.version, version)))
    .returning({ billingMode: durationDiscounts.billingMode });
  return rows.length === 1;
}

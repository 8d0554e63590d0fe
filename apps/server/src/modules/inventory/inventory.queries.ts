import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gpus, hosts, regions } from './inventory.tables.js';

const total = sql<number>`count(${gpus.id})::int`;
const free = sql<number>`(count(${gpus.id}) FILTER (WHERE ${gpus.applicationId} IS NULL))::int`;

/** Each GPU model's GPUs, all and free, across the fleet or in one region. */
export function countGpusByModel(db: Db, regionId: string | undefined) {
  return db
    .select({ model: gpus.model, total, free })
    .from(gpus)
    .innerJoin(hosts, eq(hosts.id, gpus.hostId))
    .where(regionId === undefined ? undefined : eq(hosts.regionId, regionId))
    .groupBy(gpus.model);
}

/** Every region with its GPUs per model, all and free, in one grouped read; a region without GPUs has one null row. */
export function countGpusByRegion(db: Db) {
  return db
    .select({
      regionId: regions.id,
      nameZh: regions.nameZh,
      nameEn: regions.nameEn,
      simulated: sql<boolean>`coalesce(bool_or(${hosts.simulated}), false)`,
      model: gpus.model,
      total,
      free,
    })
    .from(regions)
    .leftJoin(hosts, eq(hosts.regionId, regions.id))
    .leftJoin(gpus, eq(gpus.hostId, hosts.id))
    .groupBy(regions.id, gpus.model)
    .orderBy(asc(regions.sort), asc(regions.id));
}

export function listRegionNames(db: Db) {
  return db.select({ id: regions.id, nameZh: regions.nameZh, nameEn: regions.nameEn }).from(regions);
}

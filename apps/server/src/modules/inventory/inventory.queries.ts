import { asc, eq, sql } from 'drizzle-orm';
import type { BillingMode } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { GpuModel } from './fleet.js';
import { durationDiscounts, gpuModels, gpus, hosts, regions } from './inventory.tables.js';

const total = sql<number>`count(${gpus.id})::int`;
/** Free to place on: not held, not broken, on a host in service (not draining nor broken). */
export const placeable = sql`${gpus.applicationId} IS NULL AND NOT ${gpus.broken} AND ${hosts.state} = 'active'`;
const free = sql<number>`(count(${gpus.id}) FILTER (WHERE ${placeable}))::int`;

/** The GPU models with their prices, in the fleet's order, and the prepaid modes' duration discounts. */
export interface PriceBook {
  gpuModels: GpuModel[];
  durationDiscounts: Record<Exclude<BillingMode, 'minute'>, number>;
}

export async function readPriceBook(db: Db): Promise<PriceBook> {
  const [models, discounts] = await Promise.all([
    db
      .select({
        model: gpuModels.model,
        memoryGb: gpuModels.memoryGb,
        hourlyPrice: gpuModels.hourlyPriceUnits,
        education: gpuModels.educationHourlyPriceUnits,
      })
      .from(gpuModels)
      .orderBy(asc(gpuModels.sort), asc(gpuModels.model)),
    db
      .select({ mode: durationDiscounts.billingMode, basisPoints: durationDiscounts.basisPoints })
      .from(durationDiscounts),
  ]);
  const byMode = new Map(discounts.map((row) => [row.mode, row.basisPoints]));
  const discountOf = (mode: Exclude<BillingMode, 'minute'>) => {
    const basisPoints = byMode.get(mode);
    if (basisPoints === undefined) {
      throw new Error(`no duration discount for ${mode}: the start-up sync writes every one`);
    }
    return basisPoints;
  };
  return {
    gpuModels: models.map(({ education, ...model }) =>
      education === null ? model : { ...model, educationHourlyPrice: education },
    ),
    durationDiscounts: {
      day: discountOf('day'),
      week: discountOf('week'),
      month: discountOf('month'),
      year: discountOf('year'),
    },
  };
}

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

import type { Db } from '../../db/client.js';
import type { Module, Platform } from '../../platform.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { UsersService } from '../users/index.js';
import { availabilityService } from './availability.service.js';
import { loadFleet } from './fleet.js';
import { syncFleet } from './fleet-sync.js';
import { listRegionNames } from './inventory.queries.js';
import { inventoryRoutes } from './inventory.routes.js';
import { pricingService, type PricingService } from './pricing.service.js';
import { schedulerService, type SchedulerService } from './scheduler.service.js';

export type { PricingService } from './pricing.service.js';
export type { AllocationRequest, GpuAllocation, HeldGpus, SchedulerService, SoldOut } from './scheduler.service.js';

export interface InventoryService {
  pricing: PricingService;
  /** GPU allocation in the caller's transaction (allocateGpus, releaseGpus), freeCount and heldGpus. */
  scheduler: SchedulerService;
  /** Every region's names by its id, for lists that show where an application runs. */
  regionNames(db: Db): Promise<Map<string, { nameZh: string; nameEn: string }>>;
}

/**
 * Regions, hosts and GPUs, their prices and their allocation, from the fleet configuration (FLEET_FILE, or the
 * embedded simulated fleet), which every start syncs into the database.
 */
export function createInventoryModule({
  config,
  db,
  log,
  users,
  catalogue,
}: Platform & {
  users: Pick<UsersService, 'holdsRole' | 'vipDiscount'>;
  catalogue: Pick<CatalogueService, 'rentable'>;
}): Module<InventoryService> {
  const fleet = loadFleet(config.FLEET_FILE);
  const pricing = pricingService({
    fleet,
    customer: async (userId) => {
      const [vip, education] = await Promise.all([users.vipDiscount(userId), users.holdsRole(db, userId, 'education')]);
      return { vipGrade: vip.vipGrade, vipDiscountBasisPoints: vip.discountBasisPoints, education };
    },
  });
  const availability = availabilityService({ db, fleet, pricing, catalogue });
  return {
    service: {
      pricing,
      scheduler: schedulerService(),
      regionNames: async (executor) =>
        new Map((await listRegionNames(executor)).map(({ id, ...names }) => [id, names])),
    },
    routes: inventoryRoutes(pricing, availability),
    start: async () => {
      const changes = await syncFleet(db, fleet);
      if (changes.gpusAdded > 0 || changes.gpusRemoved > 0) {
        log.info(changes, 'GPU inventory synced with the fleet configuration');
      }
    },
  };
}

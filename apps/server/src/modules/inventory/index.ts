import { ConfigError } from '../../config.js';
import type { Db } from '../../db/client.js';
import { ListenedMemory } from '../../db/listened-memory.js';
import type { Module, Platform } from '../../platform.js';
import type { ComputeDriver } from '../../providers/compute/types.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { UsersService } from '../users/index.js';
import { availabilityService } from './availability.service.js';
import { discoveredFleet } from './discovered-fleet.js';
import { fleetAdminRoutes } from './fleet.admin.routes.js';
import { fleetAdminService, type FleetAdminService } from './fleet.admin.service.js';
import { loadFleet, type Fleet } from './fleet.js';
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
  /** GPUs free, busy, broken and draining per model and region, for the operators' dashboard and its samples. */
  gpuStates: FleetAdminService['gpuStates'];
}

/**
 * Regions, hosts and GPUs, their prices and their allocation. Prices and regions come from the fleet configuration
 * (FLEET_FILE, or the embedded simulated fleet); hosts and GPUs from the real hardware the compute driver sees when
 * it sees any, otherwise from the configuration's simulated hosts. Every start syncs them into the database, where
 * operators add and rename regions, add hosts, drain them, mark them broken and change prices (`/admin/fleet/*`); the
 * sync never undoes a row an operator changed (decision 0037).
 */
export function createInventoryModule({
  config,
  db,
  listen,
  log,
  users,
  catalogue,
  compute,
}: Platform & {
  users: Pick<UsersService, 'holdsRole' | 'vipDiscount' | 'vipGrades' | 'setVipDiscount'>;
  catalogue: Pick<CatalogueService, 'rentable'>;
  compute: Pick<ComputeDriver, 'capacity'>;
}): Module<InventoryService> {
  const fleet = loadFleet(config.fleet.file);
  const localRegion = config.fleet.localRegion ?? fleet.regions[0]!.id;
  if (!fleet.regions.some((region) => region.id === localRegion)) {
    throw new ConfigError(`Invalid configuration:\n  LOCAL_REGION: ${localRegion} is not a region of the fleet`);
  }

  /** The fleet to sync: the configured one, its hosts replaced by the hardware the driver sees when it sees any. */
  async function fleetToSync(): Promise<Fleet> {
    const hosts = await compute.capacity();
    if (!hosts?.length) {
      log.info('GPU inventory: no GPU hardware seen, offering the simulated hosts of the fleet configuration');
      return fleet;
    }
    const discovered = discoveredFleet(fleet, hosts, localRegion);
    for (const gpu of discovered.leftOut) {
      log.warn(gpu, 'GPU inventory: a GPU found on this hardware is not offered');
    }
    const offered = discovered.fleet.regions.flatMap((region) =>
      region.hosts.map((host) => ({ region: region.id, host: host.name, model: host.gpuModel, gpus: host.gpuCount })),
    );
    log.info({ hosts: offered }, 'GPU inventory: offering the GPUs the compute driver sees');
    return discovered.fleet;
  }

  // Regions change when a start syncs the fleet or an operator adds or renames one: each server remembers their names
  // rather than reading them on every list of applications, told of any change on regions_changed (migration 0059).
  type RegionNames = Map<string, { nameZh: string; nameEn: string }>;
  const regionNames = new ListenedMemory<'names', RegionNames>({
    listen,
    channel: 'regions_changed',
    capacity: 1,
    notified: (known) => known.forget(() => true),
  });
  const readRegionNames = async (executor: Db): Promise<RegionNames> =>
    new Map((await listRegionNames(executor)).map(({ id, ...names }) => [id, names]));

  const pricing = pricingService({
    db,
    customer: async (userId) => {
      const [vip, education] = await Promise.all([users.vipDiscount(userId), users.holdsRole(db, userId, 'education')]);
      return { vipGrade: vip.vipGrade, vipDiscountBasisPoints: vip.discountBasisPoints, education };
    },
  });
  const availability = availabilityService({ db, pricing, catalogue });
  const fleetAdmin = fleetAdminService({ db, pricing, users });
  return {
    service: {
      pricing,
      scheduler: schedulerService(),
      gpuStates: fleetAdmin.gpuStates,
      regionNames: (executor) => regionNames.through('names', () => readRegionNames(executor)),
    },
    routes: async (app) => {
      await inventoryRoutes(pricing, availability)(app);
      await fleetAdminRoutes(fleetAdmin)(app);
    },
    start: async () => {
      const changes = await syncFleet(db, await fleetToSync());
      if (changes.gpusAdded > 0 || changes.gpusRemoved > 0) {
        log.info(changes, 'GPU inventory synced with the fleet configuration');
      }
    },
    close: () => regionNames.close(),
  };
}

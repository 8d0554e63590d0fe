import type { Module, Platform } from '../../platform.js';
import type { UsersService } from '../users/index.js';
import { loadFleet } from './fleet.js';
import { inventoryRoutes } from './inventory.routes.js';
import { pricingService, type PricingService } from './pricing.service.js';

export type { PricingService } from './pricing.service.js';

/** GPU models and their prices, from the fleet configuration (FLEET_FILE, or the embedded simulated fleet). */
export function createInventoryModule({
  config,
  db,
  users,
}: Platform & { users: Pick<UsersService, 'holdsRole' | 'vipDiscount'> }): Module<PricingService> {
  const service = pricingService({
    fleet: loadFleet(config.FLEET_FILE),
    customer: async (userId) => {
      const [vip, education] = await Promise.all([users.vipDiscount(userId), users.holdsRole(db, userId, 'education')]);
      return { vipGrade: vip.vipGrade, vipDiscountBasisPoints: vip.discountBasisPoints, education };
    },
  });
  return { service, routes: inventoryRoutes(service) };
}

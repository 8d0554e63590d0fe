import { inventory, pricing } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { AvailabilityService } from './availability.service.js';
import type { PricingService } from './pricing.service.js';

export const inventoryRoutes =
  (prices: PricingService, availability: AvailabilityService) => async (app: FastifyInstance) => {
    route(app, pricing.getGpuPrice, ({ query }, { userId }) => prices.quote(query, userId));
    route(app, pricing.listGpuModels, async () => prices.listModels());
    route(app, inventory.availableGpuConfig, ({ query }, { userId }) => availability.availableGpuConfig(userId, query));
    route(app, inventory.listGpuRegions, (_input, { locale }) => availability.listRegions(locale));
  };

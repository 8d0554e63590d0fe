import { pricing } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { PricingService } from './pricing.service.js';

export const inventoryRoutes = (prices: PricingService) => async (app: FastifyInstance) => {
  route(app, pricing.getGpuPrice, ({ query }, { userId }) => prices.quote(query, userId));
  route(app, pricing.listGpuModels, async () => prices.listModels());
};

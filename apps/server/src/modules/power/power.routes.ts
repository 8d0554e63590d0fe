import { power } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { PowerService } from './power.service.js';

export function powerRoutes(service: PowerService) {
  return async (app: FastifyInstance) => {
    route(app, power.chargeHashrateByBalance, ({ query }, { userId }) => service.buyPoints(userId, query.amount));
    route(app, power.buyPowerPackage, ({ body }, { userId }) => service.buyPackage(userId, body));
    route(app, power.getDealInfoHashrate, ({ query }, { userId }) => service.overview(userId, query));
    route(app, power.listPowerPackages, () => service.catalogue());
    route(app, power.listMyPowerPackages, (_input, { userId }) => service.activePackages(userId));
  };
}

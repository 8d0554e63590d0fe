import { redeem } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { RedeemAdminService } from './redeem.admin.service.js';
import type { RedeemService } from './redeem.service.js';

export function redeemRoutes(service: RedeemService, admin: RedeemAdminService) {
  return async (app: FastifyInstance) => {
    route(app, redeem.redeemCode, ({ query }, { userId }) => service.redeem(userId, query.code));
    route(app, redeem.createRedeemBatch, ({ body }, { userId, audit }) => service.createBatch(userId, audit, body));
    route(app, redeem.listRedeemBatches, ({ query }) => admin.listBatches(query));
    route(app, redeem.listRedeemBatchCodes, ({ params }) => admin.batchCodes(params.batchId));
  };
}

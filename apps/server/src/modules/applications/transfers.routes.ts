import { workspaceTransfers } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { TransfersService } from './transfers.service.js';

export function transfersRoutes(service: TransfersService) {
  return async (app: FastifyInstance) => {
    route(app, workspaceTransfers.listTransfers, ({ query }, { userId, locale }) =>
      service.listTransfers(userId, locale, query),
    );
    route(app, workspaceTransfers.getTransfer, ({ params }, { userId, locale }) =>
      service.getTransfer(userId, locale, params.id),
    );
  };
}

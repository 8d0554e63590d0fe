import { dev } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { OperatorsService } from './operators.service.js';

/** With development tools on (never in production), journeys make an operator as `npm run admin -- grant` would. */
export function operatorsDevRoutes(service: OperatorsService) {
  return async (app: FastifyInstance) => {
    route(app, dev.grantDevOperatorArea, async ({ body }) => {
      const { userId } = await service.grant(body.account, body.area, { via: 'dev', reason: 'development tools' });
      return { userId: String(userId) };
    });
  };
}

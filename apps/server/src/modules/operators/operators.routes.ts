import { dev, operators, type OperatorArea } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { OperatorsAdminService } from './operators.admin.service.js';
import type { OperatorsService } from './operators.service.js';

interface OperatorsRoutes {
  service: OperatorsService;
  admin: OperatorsAdminService;
  /** With development tools on (never in production), journeys make an operator as `npm run admin -- grant` would. */
  devTools: boolean;
}

const view = (change: { userId: bigint; account: string; areas: OperatorArea[]; changed: boolean }) => ({
  ...change,
  userId: String(change.userId),
});

export const operatorsRoutes =
  ({ service, admin, devTools }: OperatorsRoutes) =>
  async (app: FastifyInstance) => {
    route(app, operators.getMyOperatorAreas, async (_, { userId }) => ({ areas: await service.areasOf(userId) }));
    route(app, operators.listAuditLog, ({ query }) => admin.auditLog(query));
    route(app, operators.listOperators, ({ query }) => admin.operators(query));
    route(app, operators.grantOperatorArea, async ({ body }, { audit }) =>
      view(await service.grantAsOperator(audit, body)),
    );
    route(app, operators.revokeOperatorArea, async ({ body }, { audit, userId }) =>
      view(await service.revokeAsOperator(audit, userId, body)),
    );
    if (devTools) {
      route(app, dev.grantDevOperatorArea, async ({ body }) => {
        const { userId } = await service.grant(body.account, body.area, { via: 'dev', reason: 'development tools' });
        return { userId: String(userId) };
      });
    }
  };

import { dashboard } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { DashboardService } from './dashboard.admin.service.js';

export function dashboardRoutes(service: DashboardService) {
  return async (app: FastifyInstance) => {
    route(app, dashboard.getUsersDashboard, () => service.users());
    route(app, dashboard.getMoneyDashboard, () => service.money());
    route(app, dashboard.getFleetDashboard, () => service.fleet());
    route(app, dashboard.getOperationsDashboard, () => service.operations());
    route(app, dashboard.retryParkedEvent, ({ body }, { audit }) => service.retry(audit, body));
  };
}

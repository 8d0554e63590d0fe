import { fleet } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { FleetAdminService } from './fleet.admin.service.js';

/** Operators' fleet and prices (`/admin/fleet/*`, decision 0037). */
export const fleetAdminRoutes = (admin: FleetAdminService) => async (app: FastifyInstance) => {
  route(app, fleet.listFleetRegions, () => admin.listRegions());
  route(app, fleet.addFleetRegion, ({ body }, { audit }) => admin.addRegion(audit, body));
  route(app, fleet.renameFleetRegion, ({ params, body }, { audit }) => admin.renameRegion(audit, params.id, body));
  route(app, fleet.listFleetHosts, ({ query }, { locale }) => admin.listHosts(query, locale));
  route(app, fleet.addFleetHost, ({ body }, { audit, locale }) => admin.addHost(audit, body, locale));
  route(app, fleet.setFleetHostState, ({ params, body }, { audit, locale }) =>
    admin.setHostState(audit, { ...body, id: params.id }, locale),
  );
  route(app, fleet.setFleetGpuBroken, ({ params, body }, { audit }) => admin.setGpuBroken(audit, params.id, body));
  route(app, fleet.listFleetGpuModels, () => admin.listGpuModels());
  route(app, fleet.addFleetGpuModel, ({ body }, { audit }) => admin.addGpuModel(audit, body));
  route(app, fleet.setFleetGpuPrice, ({ params, body }, { audit }) => admin.setGpuPrice(audit, params.gpuModel, body));
  route(app, fleet.setFleetDurationDiscount, ({ params, body }, { audit }) =>
    admin.setDurationDiscount(audit, params.billingMode, body),
  );
  route(app, fleet.setFleetVipDiscount, ({ params, body }, { audit }) =>
    admin.setVipDiscount(audit, params.grade, body),
  );
};

import { catalogueDesk as desk, models } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { ModelsAdminService } from './models.admin.service.js';
import type { ModelsService } from './models.service.js';

export function modelsRoutes(service: ModelsService, admin: ModelsAdminService) {
  return async (app: FastifyInstance) => {
    route(app, models.listModelTypes, (_input, { locale }) => service.listTypes(locale));
    route(app, models.listModels, ({ query }, { userId, locale }) => service.listModels(userId, locale, query));
    route(app, models.getModel, ({ params }, { userId, locale }) => service.getModel(userId, locale, params.id));
    route(app, models.toggleModelLike, ({ query }, { userId }) => service.toggleLike(userId, query.modelId));
    route(app, models.downloadModelToApplication, ({ query }, { userId, locale }) =>
      service.download(userId, locale, query),
    );
    route(app, desk.listDeskModels, ({ query }) => admin.listModels(query));
    route(app, desk.addDeskModel, ({ body: { reason: _reason, ...fields } }, { audit }) =>
      admin.addModel(audit, fields),
    );
    route(app, desk.updateDeskModel, ({ params, body: { reason: _reason, ...fields } }, { audit }) =>
      admin.updateModel(audit, { ...fields, id: params.id }),
    );
    route(app, desk.hideDeskModel, ({ params, body }, { audit }) =>
      admin.hideModel(audit, { id: params.id, hidden: body.hidden, version: body.version }),
    );
  };
}

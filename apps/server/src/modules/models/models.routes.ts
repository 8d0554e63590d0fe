import { models } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { ModelsService } from './models.service.js';

export function modelsRoutes(service: ModelsService) {
  return async (app: FastifyInstance) => {
    route(app, models.listModelTypes, (_input, { locale }) => service.listTypes(locale));
    route(app, models.listModels, ({ query }, { userId, locale }) => service.listModels(userId, locale, query));
    route(app, models.getModel, ({ params }, { userId, locale }) => service.getModel(userId, locale, params.id));
    route(app, models.toggleModelLike, ({ query }, { userId }) => service.toggleLike(userId, query.modelId));
    route(app, models.downloadModelToApplication, ({ query }, { userId, locale }) =>
      service.download(userId, locale, query),
    );
  };
}

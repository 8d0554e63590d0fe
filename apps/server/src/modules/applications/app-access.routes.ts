import { applications } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { AppAccessService } from './app-access.service.js';

/** The console's two calls for an application's links: where they are, and a one-time login to one of them. */
export function appAccessRoutes(access: AppAccessService) {
  return async (app: FastifyInstance) => {
    route(app, applications.listApplicationLinks, ({ params }, { userId }) => access.links(userId, params.id));
    route(app, applications.listRecordLinks, ({ params }, { userId }) => access.links(userId, params.id));
    route(app, applications.appLogin, ({ params }, { userId }) => access.login(userId, params.id, params.port));
  };
}

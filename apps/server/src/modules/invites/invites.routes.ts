import { invites } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { InvitesService } from './invites.service.js';

export function invitesRoutes(service: InvitesService) {
  return async (app: FastifyInstance) => {
    route(app, invites.getInvitationCode, (_input, { userId }) => service.getInvitationCode(userId));
    route(app, invites.getInvitationAward, ({ query }, { userId }) => service.listInvited(userId, query));
  };
}

import { usersDesk } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { UsersDeskService } from './users-desk.admin.service.js';

export function usersDeskRoutes(desk: UsersDeskService) {
  return async (app: FastifyInstance) => {
    route(app, usersDesk.searchUsers, ({ query }) => desk.search(query));
    route(app, usersDesk.getUserDetail, ({ params }) => desk.detail(params.userId));
    route(app, usersDesk.listUserLedger, ({ params, query }) => desk.ledger(params.userId, query));
    route(app, usersDesk.listUserOrders, ({ params, query }, { locale }) => desk.orders(params.userId, locale, query));
    route(app, usersDesk.listUserApplications, ({ params, query }, { locale }) =>
      desk.applications(params.userId, locale, query),
    );
    route(app, usersDesk.changeUserRole, ({ params, body }, context) => desk.changeRole(context, params.userId, body));
    route(app, usersDesk.lockUser, ({ params, body }, { audit }) => desk.lock(audit, params.userId, body.reason));
    route(app, usersDesk.unlockUser, ({ params }, { audit }) => desk.unlock(audit, params.userId));
  };
}

import { notices } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { NoticesAdminService } from './notices.admin.service.js';
import type { NoticesService } from './notices.service.js';

export function noticesRoutes(service: NoticesService, admin: NoticesAdminService) {
  return async (app: FastifyInstance) => {
    route(app, notices.listInforms, ({ query }, { userId, locale }) => service.listInforms(userId, locale, query));
    route(app, notices.markInformsRead, ({ body }, { userId }) => service.markInformsRead(userId, body));
    route(app, notices.deleteInforms, ({ body }, { userId }) => service.deleteInforms(userId, body));
    route(app, notices.listPlatformNotices, ({ query }, { userId, locale }) =>
      service.listPlatformNotices(userId, locale, query),
    );
    route(app, notices.getNewNotice, (_input, { userId, locale }) => service.getNewNotice(userId, locale));
    route(app, notices.markNoticeRead, ({ body }, { userId }) => service.markNoticeRead(userId, body.noticeId));

    route(app, notices.listAdminNotices, ({ query }) => admin.list(query));
    route(app, notices.createNotice, ({ body }, { audit }) => admin.create(audit, body));
    route(app, notices.updateNotice, ({ params, body }, { audit }) => admin.update(audit, params.id, body));
    route(app, notices.withdrawNotice, ({ params, body }, { audit }) => admin.withdraw(audit, params.id, body.version));
  };
}

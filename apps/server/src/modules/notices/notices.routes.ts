import { notices } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../http/endpoints.js';
import * as service from './notices.service.js';

export async function noticesRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  route(app, notices.listInforms, ({ query }, { userId, locale }) => service.listInforms(db, userId!, locale, query));
  route(app, notices.markInformsRead, ({ body }, { userId }) => service.markInformsRead(db, clock, userId!, body));
  route(app, notices.deleteInforms, ({ body }, { userId }) => service.deleteInforms(db, clock, userId!, body));
  route(app, notices.listPlatformNotices, ({ query }, { userId, locale }) =>
    service.listPlatformNotices(db, clock, userId!, locale, query),
  );
  route(app, notices.getNewNotice, (_input, { userId, locale }) => service.getNewNotice(db, clock, userId!, locale));
  route(app, notices.markNoticeRead, ({ body }, { userId }) =>
    service.markNoticeRead(db, clock, userId!, body.noticeId),
  );
}

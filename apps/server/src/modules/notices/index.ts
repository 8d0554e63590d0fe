import type { Module, Platform } from '../../platform.js';
import { noticesRoutes } from './notices.routes.js';
import { noticesService, type NoticesService } from './notices.service.js';

export {
  NOTICE_KINDS,
  type Notice,
  type NoticeKind,
  type NoticeParams,
  type NoticesService,
} from './notices.service.js';

/** Notices to users and platform notices; every other module notifies through `service.notifyUser`. */
export function createNoticesModule({ db, clock }: Platform): Module<NoticesService> {
  const service = noticesService({ db, clock });
  return { service, routes: noticesRoutes(service) };
}

export { noticesRoutes } from './notices.routes.js';
export { NOTICE_KINDS, notifyUser, type NoticeKind, type NoticeParams } from './notices.service.js';

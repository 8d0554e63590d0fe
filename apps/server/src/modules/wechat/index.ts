import type { JobDefinition } from '../../jobs/scheduler.js';
import type { WechatQrProvider } from '../../providers/wechat/index.js';
import type { Module, Platform } from '../../platform.js';
import type { SessionsService } from '../sessions/index.js';
import type { UsersService } from '../users/index.js';
import { deleteScenesExpiredBefore } from './wechat.queries.js';
import { wechatRoutes } from './wechat.routes.js';
import { wechatService, type WechatService } from './wechat.service.js';

export type { WechatService } from './wechat.service.js';
export type { WechatIdentityRow as WechatIdentity } from './wechat.queries.js';

const DAY_MS = 24 * 60 * 60_000;

interface WechatModuleDependencies extends Platform {
  provider: WechatQrProvider;
  users: UsersService;
  sessions: SessionsService;
}

/** WeChat QR login and binding; auth uses its service to register or log in with a scanned identity. */
export function createWechatModule(dependencies: WechatModuleDependencies): Module<WechatService> {
  const service = wechatService(dependencies);
  const jobs: JobDefinition[] = [
    {
      // Scenes live minutes; a day's grace keeps the recent ones for a support question, then they go.
      name: 'wechat.purge-expired-scenes',
      cadence: 'day',
      catchUp: 1,
      run: async (tx, { now, log }) => {
        const removed = await deleteScenesExpiredBefore(tx, new Date(now.getTime() - DAY_MS));
        log.info({ removed }, 'purged expired WeChat scenes');
      },
    },
  ];
  return { service, jobs, routes: wechatRoutes(dependencies.config, service) };
}

import { wechat } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route, withMsg } from '../../http/endpoints.js';
import { wechatQrProvider } from '../../providers/wechat/index.js';
import { wechatEventRoutes } from './wechat.event.routes.js';
import { wechatSandboxRoutes } from './wechat.sandbox.routes.js';
import { wechatService } from './wechat.service.js';

export async function wechatRoutes(app: FastifyInstance, context: AppContext) {
  const { config } = context;
  const service = wechatService(context, wechatQrProvider(config, context.clock));

  route(app, wechat.getWechatQrCode, async ({ query }, { userId }) => service.createQrCode(query.purpose, userId));

  route(app, wechat.scanLogin, async ({ query }) => {
    const answer = await service.pollLogin(query.eventKey);
    // Spec §7: msg '0' is what tells the console that the scan logged it in.
    return typeof answer === 'number' ? answer : withMsg(answer, '0');
  });

  route(app, wechat.getWechatInfo, async (_input, { userId }) => service.info(userId!));

  route(app, wechat.bindWechat, async ({ query }, { userId }) => service.bind(userId!, query.eventKey));

  route(app, wechat.unbindWechat, async (_input, { userId }) => {
    await service.unbind(userId!);
    return null;
  });

  if (config.WECHAT_LOGIN === 'official') {
    await app.register(wechatEventRoutes, { token: config.WECHAT_TOKEN!, service });
  }
  if (config.DEV_TOOLS) {
    await app.register(wechatSandboxRoutes, { service });
  }
}

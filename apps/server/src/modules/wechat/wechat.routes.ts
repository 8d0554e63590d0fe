import { wechat } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { route, withMsg } from '../../http/endpoints.js';
import { wechatEventRoutes } from './wechat.event.routes.js';
import { wechatSandboxRoutes } from './wechat.sandbox.routes.js';
import type { WechatService } from './wechat.service.js';

export const wechatRoutes = (config: Config, service: WechatService) => async (app: FastifyInstance) => {
  route(app, wechat.getWechatQrCode, async ({ query }, { userId }) => service.createQrCode(query.purpose, userId));

  route(app, wechat.scanLogin, async ({ query }) => {
    const answer = await service.pollLogin(query.eventKey);
    // Spec §7: msg '0' is what tells the console that the scan logged it in.
    return typeof answer === 'number' ? answer : withMsg(answer, '0');
  });

  route(app, wechat.getWechatInfo, async (_input, { userId }) => service.info(userId));

  route(app, wechat.bindWechat, async ({ query }, { userId }) => service.bind(userId, query.eventKey));

  route(app, wechat.unbindWechat, async (_input, { userId }) => {
    await service.unbind(userId);
    return null;
  });

  if (config.wechatLogin.provider === 'official') {
    await app.register(wechatEventRoutes, { token: config.wechatLogin.token, service });
  }
  if (config.runtime.devTools) {
    await app.register(wechatSandboxRoutes, { service });
  }
};

import { recharge } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { route } from '../../http/endpoints.js';
import type { SandboxCashier } from '../../providers/payments/index.js';
import { rechargeSandboxRoutes } from './recharge.sandbox.routes.js';
import type { RechargeService } from './recharge.service.js';

export const rechargeRoutes =
  (config: Config, service: RechargeService, cashier: SandboxCashier) => async (app: FastifyInstance) => {
    route(app, recharge.createWechatRecharge, ({ body }, { userId }) => service.open(userId, 'wechat', body.amount));
    route(app, recharge.createAlipayRecharge, ({ body }, { userId }) => service.open(userId, 'alipay', body.amount));
    route(app, recharge.getPaymentStatus, ({ query }, { userId }) => service.status(userId, query.orderNo));
    route(app, recharge.cancelWechatRecharge, ({ params }, { userId }) => service.cancel(userId, 'wechat', params.id));
    route(app, recharge.cancelAlipayRecharge, ({ params }, { userId }) => service.cancel(userId, 'alipay', params.id));
    route(app, recharge.listOrders, ({ query, body }, { userId, locale }) =>
      service.listOrders(userId, locale, { query, body }),
    );
    if (config.DEV_TOOLS && cashier.sandbox) {
      await app.register(rechargeSandboxRoutes, { service, cashier });
    }
  };

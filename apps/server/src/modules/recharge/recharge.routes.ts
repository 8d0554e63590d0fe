import { formatMoney, LIMITS, money, PaymentChannel, recharge } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { route } from '../../http/endpoints.js';
import type { Payments } from '../../providers/payments/index.js';
import type { BankTransferService } from './bank-transfer.service.js';
import type { RechargeAdminService } from './recharge.admin.service.js';
import { rechargeNotifyRoutes } from './recharge.notify.routes.js';
import { rechargeSandboxRoutes } from './recharge.sandbox.routes.js';
import type { OrderListService } from './order-list.service.js';
import type { RechargeService } from './recharge.service.js';

interface RechargeRoutesOptions {
  config: Config;
  service: RechargeService;
  bank: BankTransferService;
  orders: OrderListService;
  admin: RechargeAdminService;
  payments: Payments;
}

export const rechargeRoutes =
  ({ config, service, bank, orders, admin, payments }: RechargeRoutesOptions) =>
  async (app: FastifyInstance) => {
    // What the recharge page offers (GET /recharge/charge/getInfo): fixed for the life of the process.
    const info = {
      minAmount: formatMoney(money(LIMITS.rechargeMinUnits)),
      maxAmount: formatMoney(money(LIMITS.rechargeMaxUnits)),
      presets: LIMITS.rechargePresetUnits.map((units) => formatMoney(money(units))),
      channels: [...PaymentChannel.values],
      sandbox: payments.sandbox,
    };
    route(app, recharge.createWechatRecharge, ({ body }, { userId }) => service.open(userId, 'wechat', body.amount));
    route(app, recharge.createAlipayRecharge, ({ body }, { userId }) => service.open(userId, 'alipay', body.amount));
    route(app, recharge.createAlipayOrder, ({ query }, { userId }) => service.openWap(userId, query.amount));
    route(app, recharge.getPaymentStatus, ({ query }, { userId }) => service.status(userId, query.orderNo));
    route(app, recharge.cancelWechatRecharge, ({ params }, { userId }) => service.cancel(userId, 'wechat', params.id));
    route(app, recharge.cancelAlipayRecharge, ({ params }, { userId }) => service.cancel(userId, 'alipay', params.id));
    route(app, recharge.listOrders, ({ query, body }, { userId, locale }) =>
      orders.listOrders(userId, locale, { query, body }),
    );
    route(app, recharge.createBankRecharge, ({ query }, { userId }) => bank.open(userId, query.amount));
    route(app, recharge.listBankOrders, ({ query }) => bank.list(query));
    route(app, recharge.confirmBankRecharge, ({ params, body }, { userId, audit }) =>
      bank.confirm({ userId, audit }, params.orderNo, body.amount),
    );
    route(app, recharge.cancelBankRecharge, ({ params }, { userId }) => bank.cancel(userId, params.orderNo));
    route(app, recharge.getRechargeInfo, async () => info);
    route(app, recharge.rejectBankRecharge, ({ params }, { userId, audit }) =>
      bank.reject({ userId, audit }, params.orderNo),
    );
    route(app, recharge.listRechargeOrdersForOperators, ({ query }) => admin.listOrders(query));
    route(app, recharge.refundRecharge, ({ params, body }, { userId, audit }) =>
      admin.refund({ userId, audit }, params.orderNo, body),
    );
    route(app, recharge.listReconciliations, ({ query }) => admin.listReconciliations(query));
    if (!payments.sandbox) {
      await app.register(rechargeNotifyRoutes, { service, payments });
    } else if (config.runtime.devTools) {
      await app.register(rechargeSandboxRoutes, { service, cashier: payments });
    }
  };

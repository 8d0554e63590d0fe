import { vouchers, wallet } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { WalletAdminService } from './wallet.admin.service.js';
import type { WalletService } from './wallet.service.js';

export function walletRoutes(service: WalletService, admin: WalletAdminService) {
  return async (app: FastifyInstance) => {
    route(app, wallet.getBalance, (_input, { userId }) => service.getBalance(userId));
    route(app, wallet.findTransferTarget, ({ query }, { userId }) =>
      service.findTransferTarget(userId, query.username),
    );
    route(app, wallet.transfer, ({ body }, { userId }) => service.transfer(userId, body));
    route(app, wallet.listLedger, ({ query }, { userId }) => service.listLedger(userId, query));
    route(app, vouchers.listVouchers, ({ query }, { userId, locale }) =>
      service.listVouchers(userId, { locale, page: query, list: { tab: 'open', kind: 'voucher' } }),
    );
    route(app, vouchers.listCoupons, ({ query }, { userId, locale }) =>
      service.listVouchers(userId, { locale, page: query, list: { tab: 'open', kind: 'coupon' } }),
    );
    route(app, vouchers.listEndedVouchers, ({ query }, { userId, locale }) =>
      service.listVouchers(userId, { locale, page: query, list: { tab: 'ended' } }),
    );
    route(app, vouchers.grantVoucher, ({ body }, { audit, locale }) => service.grantByOperator(audit, locale, body));
    route(app, vouchers.getRechargeReturn, () => service.getRechargeReturn());
    route(app, wallet.getIncomeExpenseSummary, ({ query }, { userId }) => service.incomeExpenseSummary(userId, query));
    route(app, wallet.getRevenue, ({ query }) => admin.revenue(query));
    route(app, wallet.getLedgerCheck, () => admin.ledgerCheck());
  };
}

import type { Module, Platform } from '../../platform.js';
import type { Payments } from '../../providers/payments/index.js';
import type { ApplicationsModuleService } from '../applications/index.js';
import type { WalletService } from '../wallet/index.js';
import { bankTransferService } from './bank-transfer.service.js';
import { orderListService, type OrderListService } from './order-list.service.js';
import { rechargeAdminJobs } from './recharge.admin.jobs.js';
import { rechargeAdminService } from './recharge.admin.service.js';
import { rechargeJobs } from './recharge.jobs.js';
import { rechargeRoutes } from './recharge.routes.js';
import { rechargeService, type RechargeService } from './recharge.service.js';

export type { RechargeService } from './recharge.service.js';

/** Recharges, and the order list that the operators' users desk also reads (decision 0036). */
export type RechargeModuleService = RechargeService & Pick<OrderListService, 'listOrders'>;

interface RechargeDependencies extends Platform {
  provider: Payments;
  wallet: WalletService;
  applications: Pick<ApplicationsModuleService, 'orderPage'>;
}

/**
 * Recharge orders by WeChat Pay and Alipay QR, credited to the wallet once whichever way their payment is heard, and
 * by bank transfer, credited once an operator confirms it; their refunds by operators and the daily reconciliation of
 * each provider's clearing against them; and the order list, where application orders (read through
 * the applications module) sit beside them.
 */
export function createRechargeModule(dependencies: RechargeDependencies): Module<RechargeModuleService> {
  const { config, provider } = dependencies;
  const service = rechargeService(dependencies);
  const account = config.payments.bankAccount;
  const bank = bankTransferService({ ...dependencies, account, recharge: service });
  const orders = orderListService({
    ...dependencies,
    timeZone: config.runtime.businessTimeZone,
    account,
    sandbox: provider.sandbox,
  });
  const admin = rechargeAdminService({ ...dependencies, provider });
  const timeZone = config.runtime.businessTimeZone;
  return {
    service: { ...service, listOrders: orders.listOrders },
    routes: rechargeRoutes({ config, service, bank, orders, admin, payments: provider }),
    jobs: [...rechargeJobs(service, provider), ...rechargeAdminJobs({ service: admin, provider, timeZone })],
  };
}

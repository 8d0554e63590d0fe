import type { Config } from '../../config.js';
import type { Module, Platform } from '../../platform.js';
import type { Payments } from '../../providers/payments/index.js';
import type { WalletService } from '../wallet/index.js';
import { bankTransferService } from './bank-transfer.service.js';
import { rechargeJobs } from './recharge.jobs.js';
import { rechargeRoutes } from './recharge.routes.js';
import { rechargeService, type RechargeService } from './recharge.service.js';

export type { RechargeService } from './recharge.service.js';

interface RechargeDependencies extends Platform {
  provider: Payments;
  wallet: WalletService;
}

const bankAccount = (config: Config) => ({
  accountName: config.BANK_ACCOUNT_NAME,
  bankName: config.BANK_NAME,
  accountNumber: config.BANK_ACCOUNT_NUMBER,
});

/**
 * Recharge orders by WeChat Pay and Alipay QR, credited to the wallet once whichever way their payment is heard, and
 * by bank transfer, credited once an operator confirms it.
 */
export function createRechargeModule(dependencies: RechargeDependencies): Module<RechargeService> {
  const { config, provider } = dependencies;
  const service = rechargeService({ ...dependencies, timeZone: config.TZ_BUSINESS });
  const bank = bankTransferService({ ...dependencies, account: bankAccount(config), recharge: service });
  return {
    service,
    routes: rechargeRoutes({ config, service, bank, payments: provider }),
    jobs: rechargeJobs(service, provider),
  };
}

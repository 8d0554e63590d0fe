import type { Module, Platform } from '../../platform.js';
import type { SandboxCashier } from '../../providers/payments/index.js';
import type { WalletService } from '../wallet/index.js';
import { rechargeJobs } from './recharge.jobs.js';
import { rechargeRoutes } from './recharge.routes.js';
import { rechargeService, type RechargeService } from './recharge.service.js';

export type { RechargeService } from './recharge.service.js';

interface RechargeDependencies extends Platform {
  provider: SandboxCashier;
  wallet: WalletService;
}

/** Recharge orders by WeChat Pay and Alipay QR, credited to the wallet once whichever way their payment is heard. */
export function createRechargeModule(dependencies: RechargeDependencies): Module<RechargeService> {
  const service = rechargeService({ ...dependencies, timeZone: dependencies.config.TZ_BUSINESS });
  return {
    service,
    routes: rechargeRoutes(dependencies.config, service, dependencies.provider),
    jobs: rechargeJobs(service, dependencies.provider),
  };
}

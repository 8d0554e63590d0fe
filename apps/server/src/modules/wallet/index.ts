import type { Module, Platform } from '../../platform.js';
import type { UsersService } from '../users/index.js';
import { publishConsumptionJob } from './consumption.js';
import type { PointsPurse } from './settle.service.js';
import { walletRoutes } from './wallet.routes.js';
import { voucherJobs } from './vouchers.jobs.js';
import { walletAdminService, type WalletAdminService } from './wallet.admin.service.js';
import { walletService, type WalletService } from './wallet.service.js';

export { clearingOf, type PlatformAccount } from './accounts.js';
export type { ChargeRequest, ChargeResult } from './charge.service.js';
export { isInsufficientBalance } from './charge.service.js';
export type { IncomeSource } from './earnings.service.js';
export type { Posting } from './ledger.queries.js';
export type { OrderDayLine } from './order-lines.queries.js';
export { POINT_VALUE, priceOf } from './settle.service.js';
export type { HourlyBurns, MeteredProduct, PointsPurse, Rate, Settlement, UsageRecord } from './settle.service.js';
export type { NewVoucher } from './vouchers.service.js';
export type { WalletService } from './wallet.service.js';
export type { WalletAdminService } from './wallet.admin.service.js';

/** The wallet's door: its service, and what operators read of the ledger. */
export interface WalletModuleService extends WalletService {
  admin: WalletAdminService;
}

/**
 * Wallets and their ledger (ARCHITECTURE §4): balances, income and expense, transfers, vouchers, charges, and the
 * one metering path that settles usage (README.md).
 */
export function createWalletModule({
  db,
  clock,
  config,
  users,
  points,
}: Platform & { users: UsersService; points: PointsPurse }): Module<WalletModuleService> {
  const timeZone = config.runtime.businessTimeZone;
  const service = walletService({ db, clock, timeZone, users, points });
  const admin = walletAdminService({ db, clock, timeZone });
  return {
    service: { ...service, admin },
    routes: walletRoutes(service, admin),
    jobs: [...voucherJobs(), publishConsumptionJob],
  };
}

import type { Module, Platform } from '../../platform.js';
import type { WalletService } from '../wallet/index.js';
import { redeemAdminService } from './redeem.admin.service.js';
import { redeemRoutes } from './redeem.routes.js';
import { redeemService, type RedeemService } from './redeem.service.js';

export type { RedeemService } from './redeem.service.js';

/** Redeem codes, credited to the wallet; their batches as the finance desk reads them. */
export function createRedeemModule({
  db,
  clock,
  config,
  wallet,
}: Platform & { wallet: WalletService }): Module<RedeemService> {
  const timeZone = config.runtime.businessTimeZone;
  const service = redeemService({ db, clock, timeZone, wallet });
  return { service, routes: redeemRoutes(service, redeemAdminService({ db, timeZone })) };
}

import type { Module, Platform } from '../../platform.js';
import type { WalletService } from '../wallet/index.js';
import { redeemRoutes } from './redeem.routes.js';
import { redeemService, type RedeemService } from './redeem.service.js';

export type { RedeemService } from './redeem.service.js';

/** Redeem codes, credited to the wallet. */
export function createRedeemModule({
  db,
  clock,
  config,
  wallet,
}: Platform & { wallet: WalletService }): Module<RedeemService> {
  const service = redeemService({ db, clock, timeZone: config.runtime.businessTimeZone, wallet });
  return { service, routes: redeemRoutes(service) };
}

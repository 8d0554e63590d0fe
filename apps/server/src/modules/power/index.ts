import type { Module, Platform } from '../../platform.js';
import type { PointsPurse, WalletService } from '../wallet/index.js';
import { lockPoints, refundPoints, spendPoints } from './points-ledger.js';
import { powerJobs } from './power.jobs.js';
import { powerRoutes } from './power.routes.js';
import { powerService, type PowerService } from './power.service.js';

export type { PowerService } from './power.service.js';

/**
 * The points the wallet's settle service spends for products paid in power points (API calls, decision 0032). It
 * needs only the clock, so the composition root makes it before the wallet, which the rest of this module is above.
 */
export function createPointsPurse({ clock }: Pick<Platform, 'clock'>): PointsPurse {
  return {
    lock: (tx, userId) => lockPoints(tx, userId, clock.now()),
    spend: (tx, usage) => spendPoints(tx, { ...usage, now: clock.now() }),
    refund: (tx, usage) => refundPoints(tx, { ...usage, now: clock.now() }),
  };
}

/** Power points and power packages, bought with balance through the wallet (docs/decisions/0014). */
export function createPowerModule({
  db,
  clock,
  config,
  wallet,
}: Platform & { wallet: WalletService }): Module<PowerService> {
  const service = powerService({ db, clock, timeZone: config.runtime.businessTimeZone, wallet });
  return { service, routes: powerRoutes(service), jobs: powerJobs(service) };
}

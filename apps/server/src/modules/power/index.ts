import type { Module, Platform } from '../../platform.js';
import type { WalletService } from '../wallet/index.js';
import { powerJobs } from './power.jobs.js';
import { powerRoutes } from './power.routes.js';
import { powerService, type PowerService } from './power.service.js';

export type { PowerService } from './power.service.js';

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

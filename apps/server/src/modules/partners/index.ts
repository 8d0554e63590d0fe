import type { Module, Platform } from '../../platform.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { NoticesService } from '../notices/index.js';
import type { RealNameService } from '../real-name/index.js';
import type { UsersService } from '../users/index.js';
import type { WalletService } from '../wallet/index.js';
import { apiUserSignService } from './api-user-sign.service.js';
import { incomeService } from './income.service.js';
import { partnersAdminService } from './partners.admin.service.js';
import { partnersConsumers } from './partners.consumers.js';
import { partnersRoutes } from './partners.routes.js';
import { partnersService, type PartnersService } from './partners.service.js';

export type { PartnersService } from './partners.service.js';

/**
 * The KOL and creator programme (spec §1, §5, §9, docs/decisions/0031): the partner qualification, KOL and creator
 * income credited to earnings by event consumers, payment accounts and withdrawals, and API users' contract signing.
 */
export function createPartnersModule(
  platform: Platform & {
    users: UsersService;
    notices: NoticesService;
    realName: RealNameService;
    wallet: WalletService;
    catalogue: CatalogueService;
  },
): Module<PartnersService> {
  const { db, clock, config, users, notices, realName, wallet, catalogue } = platform;
  const timeZone = config.runtime.businessTimeZone;
  const service = partnersService({ db, clock, timeZone, wallet, realName, users });
  const income = incomeService({ db, clock, timeZone, wallet, users, notices, catalogue });
  return {
    service,
    routes: partnersRoutes({
      partners: service,
      income,
      admin: partnersAdminService({ db, clock, wallet }),
      signing: apiUserSignService({ db, clock, realName }),
      devTools: config.runtime.devTools,
    }),
    consumers: partnersConsumers(income),
  };
}

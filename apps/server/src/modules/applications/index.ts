import type { Module, Platform } from '../../platform.js';
import type { ComputeDriver } from '../../providers/compute/types.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { InventoryService } from '../inventory/index.js';
import type { UsersService } from '../users/index.js';
import type { WalletService } from '../wallet/index.js';
import { applicationsRoutes } from './applications.routes.js';
import { applicationsService, type ApplicationsService } from './applications.service.js';
import { reconciler } from './reconciler.js';

export type { ApplicationsService } from './applications.service.js';

export interface ApplicationsModuleService extends ApplicationsService {
  /** Reconcile an application as soon as it changes (the server turns it on with its scheduler). */
  reconcileOnChange(): void;
  /** Waits until every application just changed has settled or given up. */
  settled(): Promise<void>;
}

/** GPU applications: renting, the lifecycle and its reconciler (ARCHITECTURE §5). */
export function createApplicationsModule({
  db,
  clock,
  log,
  driver,
  users,
  catalogue,
  inventory,
  wallet,
}: Platform & {
  driver: ComputeDriver;
  users: Pick<UsersService, 'findRealNameVerifiedAt'>;
  catalogue: Pick<CatalogueService, 'rentable'>;
  inventory: InventoryService;
  wallet: Pick<WalletService, 'charge' | 'newOrderNo'>;
}): Module<ApplicationsModuleService> {
  const reconciling = reconciler({ db, clock, log, driver, catalogue, inventory });
  const service = applicationsService({
    db,
    clock,
    users,
    catalogue,
    inventory,
    wallet,
    changed: reconciling.changed,
  });
  return {
    service: { ...service, reconcileOnChange: reconciling.enable, settled: reconciling.idle },
    routes: applicationsRoutes(service),
    jobs: [reconciling.job],
    close: async () => {
      await reconciling.close();
      await driver.close();
    },
  };
}

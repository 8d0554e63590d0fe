import type { UserId } from '../../db/ids.js';
import type { Module, Platform } from '../../platform.js';
import type { ComputeDriver } from '../../providers/compute/types.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { InventoryService } from '../inventory/index.js';
import type { UsersService } from '../users/index.js';
import type { WalletService } from '../wallet/index.js';
import { appAccessRoutes } from './app-access.routes.js';
import { applicationsAdminService, type ApplicationsAdminService } from './applications.admin.service.js';
import { appAccessJobs, appAccessService, type AppAccessService } from './app-access.service.js';
import { applicationProxy } from './app-proxy.js';
import { applicationsRoutes } from './applications.routes.js';
import { applicationsService, type ApplicationsService } from './applications.service.js';
import { applicationJobs } from './applications.jobs.js';
import { foldApplicationCounts } from './applications.queries.js';
import { billing } from './billing.js';
import { diskExpansionService, type DiskExpansionService } from './disk-expansion.service.js';
import { diskSettlement } from './disk-settlement.js';
import { applicationOrderPage, type ApplicationOrderFilter } from './orders.queries.js';
import { reconciler } from './reconciler.js';
import { rentalTermsService, type RentalTermsService } from './rental-terms.service.js';
import { transfersRoutes } from './transfers.routes.js';
import { transferRunner } from './transfers.runner.js';
import { transfersService, type CopySources, type TransfersService } from './transfers.service.js';

export type { ApiTarget } from './app-access.service.js';
export type { ApplicationsService } from './applications.service.js';
export type { ApplicationOrder, ApplicationOrderFilter } from './orders.queries.js';
export type { CopySource, CopySources, StartCopy } from './transfers.service.js';
export { transferView } from './transfers.service.js';

export interface ApplicationsModuleService
  extends
    ApplicationsService,
    DiskExpansionService,
    Omit<RentalTermsService, 'stopDue' | 'deleteStale'>,
    TransfersService {
  /** Waits until no copy onto a data disk is running (tests). */
  copiesSettled(): Promise<void>;
  /** Reconcile an application as soon as it changes (the server turns it on with its scheduler). */
  reconcileOnChange(): void;
  /** Waits until every application just changed has settled or given up. */
  settled(): Promise<void>;
  /** Where the metered gateway reaches the user's application's API link, or why it cannot (decision 0032). */
  apiTarget: AppAccessService['apiTarget'];
  /** The user's application orders, for the order list (read-only). */
  orderPage(userId: UserId, filter: ApplicationOrderFilter): ReturnType<typeof applicationOrderPage>;
  /** What operators read of every user's applications. */
  admin: ApplicationsAdminService;
}

/** GPU applications: renting, the lifecycle and its reconciler (ARCHITECTURE §5). */
export function createApplicationsModule({
  config,
  db,
  clock,
  log,
  listen,
  driver,
  users,
  catalogue,
  inventory,
  wallet,
  sources,
}: Platform & {
  driver: ComputeDriver;
  /** Where copies onto data disks read their bytes (docs/decisions/0027). */
  sources: CopySources;
  users: Pick<UsersService, 'findRealNameVerifiedAt'>;
  catalogue: Pick<CatalogueService, 'rentable' | 'userImages'>;
  inventory: InventoryService;
  wallet: Pick<WalletService, 'charge' | 'newOrderNo' | 'spendable' | 'refund' | 'settle' | 'warnLow'>;
}): Module<ApplicationsModuleService> {
  const bills = billing({ wallet, batchSize: config.jobs.billingBatchSize });
  const reconciling = reconciler({ db, clock, log, driver, catalogue, inventory, billing: bills });
  const dependencies = {
    db,
    clock,
    users,
    catalogue,
    inventory,
    wallet,
    billing: bills,
    changed: reconciling.changed,
    confirm: reconciling.confirm,
  };
  const service = applicationsService(dependencies);
  const terms = rentalTermsService(dependencies);
  const disks = diskExpansionService({ db, resize: reconciling.resize });
  const access = appAccessService({ config, db, clock, driver, catalogue, listen });
  const copier = transferRunner({ db, clock, log, driver, sources });
  const transfers = transfersService({ db, clock, copyPending: copier.wake });
  return {
    service: {
      ...service,
      ...terms,
      ...disks,
      ...transfers,
      copiesSettled: copier.idle,
      reconcileOnChange: reconciling.enable,
      settled: reconciling.idle,
      orderPage: (userId, filter) => applicationOrderPage(db, userId, filter),
      apiTarget: access.apiTarget,
      admin: applicationsAdminService({ db }),
    },
    routes: async (app) => {
      await app.register(applicationsRoutes(service, terms, disks));
      await app.register(appAccessRoutes(access));
      await app.register(transfersRoutes(transfers));
    },
    front: applicationProxy(access),
    jobs: [
      ...applicationJobs({
        terms,
        billing: bills,
        disks: diskSettlement({ wallet, billing: bills }),
        reconciling,
      }),
      ...appAccessJobs,
      catalogue.userImages.snapshotJob((image, onProgress) =>
        driver.snapshot(String(image.sourceApplicationId), image.archiveKey, onProgress),
      ),
      copier.job,
      {
        // Keeps the changes a reader of the list's total adds few (migration 0024).
        name: 'applications.fold-counts',
        cadence: 'minute',
        catchUp: 1,
        run: async (tx, { log: jobLog }) => {
          jobLog.debug({ users: await foldApplicationCounts(tx) }, 'folded application counts');
        },
      },
    ],
    close: async () => {
      await reconciling.close();
      await copier.close();
      await driver.close();
      await access.close();
    },
  };
}

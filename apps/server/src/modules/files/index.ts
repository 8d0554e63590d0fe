import type { FastifyInstance } from 'fastify';
import type { ObjectStore } from '../../providers/object-store/index.js';
import type { Module, Platform } from '../../platform.js';
import type { ApplicationsModuleService } from '../applications/index.js';
import type { UsersService } from '../users/index.js';
import type { WalletService } from '../wallet/index.js';
import { cloudBilling } from './cloud-space.billing.js';
import { cloudSpaceRoutes } from './cloud-space.routes.js';
import { cloudSpaceService, type CloudSpaceService } from './cloud-space.service.js';
import { copyToApplicationService } from './copy-to-application.service.js';
import { filesRoutes } from './files.routes.js';

export type { CloudObject, CloudSpaceService } from './cloud-space.service.js';

interface FilesDependencies extends Platform {
  objectStore: ObjectStore;
  users: Pick<UsersService, 'findLastActiveAt'>;
  wallet: Pick<WalletService, 'settle'>;
  applications: Pick<ApplicationsModuleService, 'startCopy' | 'copyPending'>;
}

/**
 * The embedded object store's signed links (uploads and downloads) and the users' cloud space (spec §7, §9): its
 * folders and files, their daily storage charge and wipes, and their copies into applications. Other modules use the
 * store itself, and reach cloud-space files through `service.objectsOf`.
 */
export function createFilesModule(deps: FilesDependencies): Module<CloudSpaceService> {
  const { config, db, clock, log, objectStore, users, wallet, applications } = deps;
  const timeZone = config.runtime.businessTimeZone;
  const service = cloudSpaceService({ db, clock, store: objectStore, log, timeZone });
  const billing = cloudBilling({ wallet, users, cloudSpace: service, timeZone });
  const routes = async (app: FastifyInstance) => {
    await app.register(filesRoutes(objectStore, clock));
    await app.register(cloudSpaceRoutes(service, copyToApplicationService({ db, cloudSpace: service, applications })));
  };
  return { service, routes, jobs: [billing.job] };
}

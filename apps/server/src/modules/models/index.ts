import type { Module, Platform } from '../../platform.js';
import type { ModelSource } from '../../providers/model-source/index.js';
import type { ApplicationsModuleService } from '../applications/index.js';
import { modelsAdminService } from './models.admin.service.js';
import { modelsRoutes } from './models.routes.js';
import { modelsService, type ModelsService } from './models.service.js';

export type { ModelsService } from './models.service.js';

/** The model center: trained models by type, likes, and downloads into an application through its copies. */
export function createModelsModule({
  db,
  clock,
  source,
  applications,
}: Platform & {
  source: ModelSource;
  applications: Pick<ApplicationsModuleService, 'startCopy' | 'copyPending'>;
}): Module<ModelsService> {
  const service = modelsService({ db, clock, source, applications });
  return { service, routes: modelsRoutes(service, modelsAdminService({ db })) };
}

import type { Module, Platform } from '../../platform.js';
import type { OperatorsService } from '../operators/index.js';
import { catalogueAdminService } from './catalogue.admin.service.js';
import { catalogueRoutes } from './catalogue.routes.js';
import { catalogueService, type CatalogueService } from './catalogue.service.js';

export type { CatalogueService } from './catalogue.service.js';

/** Image types, official and community application images, and likes: the application center's catalogue. */
export function createCatalogueModule({
  db,
  clock,
  operators,
}: Platform & { operators: Pick<OperatorsService, 'holds'> }): Module<CatalogueService> {
  const service = catalogueService({ db, clock, operators });
  return { service, routes: catalogueRoutes(service, catalogueAdminService({ db })) };
}

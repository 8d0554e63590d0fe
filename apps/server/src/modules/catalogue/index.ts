import type { Module, Platform } from '../../platform.js';
import type { UsersService } from '../users/index.js';
import { catalogueRoutes } from './catalogue.routes.js';
import { catalogueService, type CatalogueService } from './catalogue.service.js';

export type { CatalogueService } from './catalogue.service.js';

/** Image types, official and community application images, and likes: the application center's catalogue. */
export function createCatalogueModule({
  db,
  clock,
  users,
}: Platform & { users: Pick<UsersService, 'holdsRole'> }): Module<CatalogueService> {
  const service = catalogueService({ db, clock, users });
  return { service, routes: catalogueRoutes(service) };
}

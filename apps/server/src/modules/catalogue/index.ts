import type { Module, Platform } from '../../platform.js';
import type { ObjectStore } from '../../providers/object-store/types.js';
import type { OperatorsService } from '../operators/index.js';
import type { UsersService } from '../users/index.js';
import type { WalletService } from '../wallet/index.js';
import { catalogueAdminService } from './catalogue.admin.service.js';
import { catalogueRoutes } from './catalogue.routes.js';
import { catalogueService, type CatalogueService as ImagesService } from './catalogue.service.js';
import { userImagesAdminService } from './user-images.admin.service.js';
import { userImagesRoutes } from './user-images.routes.js';
import { userImagesService, type UserImagesService } from './user-images.service.js';

export type { Snapshot } from './user-images.service.js';

export type CatalogueService = ImagesService & { userImages: UserImagesService };

/**
 * Image types, official and community application images, and likes: the application center's catalogue; and the
 * users' own saved images, their shares and submissions to the community (my images).
 */
export function createCatalogueModule(
  platform: Platform & {
    operators: Pick<OperatorsService, 'holds'>;
    users: Pick<UsersService, 'findUserByAccount'>;
    wallet: Pick<WalletService, 'settle' | 'newOrderNo'>;
    objectStore: Pick<ObjectStore, 'delete'>;
  },
): Module<CatalogueService> {
  const { db, clock, operators } = platform;
  const images = catalogueService({ db, clock, operators });
  const userImages = userImagesService(platform);
  return {
    service: { ...images, userImages },
    routes: async (app) => {
      await app.register(catalogueRoutes(images, catalogueAdminService({ db })));
      await app.register(userImagesRoutes(userImages, userImagesAdminService({ db, clock, catalogue: images })));
    },
    jobs: [userImages.storageJob],
  };
}

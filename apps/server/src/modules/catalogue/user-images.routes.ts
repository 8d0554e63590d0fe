import { userImages } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { UserImagesAdminService } from './user-images.admin.service.js';
import type { UserImagesService } from './user-images.service.js';

/** My images (spec §2 /myMirror); saving one is the applications module's (it owns the compute driver). */
export function userImagesRoutes(service: UserImagesService, admin: UserImagesAdminService) {
  return async (app: FastifyInstance) => {
    route(app, userImages.listUserImages, ({ query }, { userId }) => service.list(userId, query.scope));
    route(app, userImages.getUserImageStorage, (_input, { userId }) => service.storage(userId));
    route(app, userImages.deleteUserImage, ({ query }, { userId }) => service.delete(userId, query.id));
    route(app, userImages.shareImage, ({ body }, { userId }) => service.share(userId, body));
    route(app, userImages.cancelShareImage, ({ body }, { userId }) => service.cancelShare(userId, body.id));
    route(app, userImages.listImageShares, ({ params }, { userId }) => service.shares(userId, params.id));
    route(app, userImages.submitImageToCommunity, ({ query }, { userId }) => service.submit(userId, query.imageId));
    route(app, userImages.listImageSubmissions, ({ query }) => admin.submissions(query));
    route(app, userImages.reviewImageSubmission, ({ params, body }, { audit, userId }) =>
      admin.review(audit, userId, { id: params.id, ...body }),
    );
  };
}

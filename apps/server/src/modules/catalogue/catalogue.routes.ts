import { catalogue, catalogueDesk as desk } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { CatalogueAdminService } from './catalogue.admin.service.js';
import type { CatalogueService } from './catalogue.service.js';

export function catalogueRoutes(service: CatalogueService, admin: CatalogueAdminService) {
  return async (app: FastifyInstance) => {
    route(app, catalogue.listImageTypes, (_input, { locale }) => service.listTypes(locale));
    route(app, catalogue.listImages, ({ query }, { userId, locale }) => service.listImages(userId, locale, query));
    route(app, catalogue.listImagePage, ({ query }, { userId, locale }) =>
      service.listImagePage(userId, locale, query),
    );
    route(app, catalogue.listBannerImages, (_input, { userId, locale }) => service.listBanners(userId, locale));
    route(app, catalogue.getImage, ({ params }, { userId, locale }) => service.getImage(userId, locale, params.id));
    route(app, catalogue.toggleImageLike, ({ query }, { userId }) => service.toggleLike(userId, query.imageId));
    route(app, catalogue.listLikedImages, ({ query }, { userId, locale }) =>
      service.listLikedImages(userId, locale, query),
    );
    route(app, catalogue.reviseImageIntroduction, ({ body }, { userId, locale }) =>
      service.reviseIntroduction(userId, locale, body),
    );
    route(app, catalogue.reviseOfficialImageIntroduction, ({ params, body }, { audit, locale }) =>
      admin.reviseOfficialIntroduction(audit, locale, { id: params.id, introduction: body.introduction }),
    );
    route(app, desk.listDeskImageTypes, () => admin.listTypes());
    route(app, desk.addDeskImageType, ({ body: { reason: _reason, ...fields } }, { audit }) =>
      admin.addType(audit, fields),
    );
    route(app, desk.updateDeskImageType, ({ params, body: { reason: _reason, ...fields } }, { audit }) =>
      admin.updateType(audit, { ...fields, id: params.id }),
    );
    route(app, desk.hideDeskImageType, ({ params, body }, { audit }) =>
      admin.hideType(audit, { id: params.id, hidden: body.hidden, version: body.version }),
    );
    route(app, desk.listDeskImages, ({ query }) => admin.listImages(query));
    route(app, desk.addDeskImage, ({ body: { reason: _reason, ...fields } }, { audit }) =>
      admin.addImage(audit, fields),
    );
    route(app, desk.updateDeskImage, ({ params, body: { reason: _reason, ...fields } }, { audit }) =>
      admin.updateImage(audit, { ...fields, id: params.id }),
    );
    route(app, desk.hideDeskImage, ({ params, body }, { audit }) =>
      admin.hideImage(audit, { id: params.id, hidden: body.hidden, version: body.version }),
    );
    route(app, desk.setDeskImageBanner, ({ params, body }, { audit }) =>
      admin.setBanner(audit, { id: params.id, bannerOrder: body.bannerOrder, version: body.version }),
    );
  };
}

import { applications, userImages } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { ApplicationsService } from './applications.service.js';
import type { DiskExpansionService } from './disk-expansion.service.js';
import type { RentalTermsService } from './rental-terms.service.js';

export function applicationsRoutes(
  service: ApplicationsService,
  terms: RentalTermsService,
  disks: DiskExpansionService,
) {
  return async (app: FastifyInstance) => {
    // checkApplicationStatus is called with the id as a plain-text body (spec §7); in this plugin only, such a body
    // reads as that id, for the endpoint's schema to check.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      done(null, { id: String(body).trim() });
    });
    route(app, applications.createApplication, ({ body }, { userId }) => service.create(userId, body));
    route(app, applications.listApplications, ({ query }, { userId, locale }) => service.list(userId, locale, query));
    route(app, applications.getApplication, ({ params }, { userId, locale }) => service.get(userId, locale, params.id));
    route(app, applications.getApplicationStatusSummary, (_input, { userId }) => service.summary(userId));
    route(app, applications.stopApplication, ({ params }, { userId }) => service.stop(userId, params.id));
    route(app, applications.restartApplication, ({ params }, { userId }) => service.restart(userId, params.id));
    route(app, applications.destroyApplication, ({ params }, { userId }) => service.destroy(userId, params.id));
    route(app, applications.getDestroyQuote, ({ params }, { userId }) => service.destroyQuote(userId, params.id));
    route(app, applications.renameApplication, ({ body }, { userId }) => service.rename(userId, body));
    route(app, applications.pinApplication, ({ params }, { userId }) => service.pin(userId, params.id, true));
    route(app, applications.setTimedStop, ({ params, query }, { userId }) =>
      terms.setTimedStop(userId, params.id, query),
    );
    route(app, applications.renewApplication, ({ body }, { userId }) => terms.renew(userId, body));
    route(app, applications.expandDataDisk, ({ body }, { userId }) => disks.expand(userId, body));
    route(app, applications.checkApplicationStatus, ({ body }, { userId, locale }) =>
      service.status(userId, locale, body.id),
    );
    route(app, applications.restartRecord, ({ params }, { userId }) => service.restart(userId, params.id));
    route(app, applications.stopRecord, ({ params }, { userId }) => service.stop(userId, params.id));
    route(app, applications.destroyRecord, ({ params }, { userId }) => service.destroy(userId, params.id));
    route(app, applications.renameRecord, ({ body }, { userId }) =>
      service.rename(userId, { id: body.recordId, appName: body.appName }),
    );
    route(app, userImages.saveUserImage, ({ body }, { userId }) => service.saveAsImage(userId, body));
    route(app, applications.unpinApplication, ({ params }, { userId }) => service.pin(userId, params.id, false));
  };
}

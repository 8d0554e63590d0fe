import { feedback, translate } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route, withMsg } from '../../http/endpoints.js';
import type { ConsultationsAdminService } from './consultations.admin.service.js';
import type { ConsultationsService } from './consultations.service.js';
import type { FeedbackAdminService } from './feedback.admin.service.js';
import type { FeedbackService } from './feedback.service.js';

interface FeedbackRoutes {
  feedback: FeedbackService;
  feedbackAdmin: FeedbackAdminService;
  consultations: ConsultationsService;
  consultationsAdmin: ConsultationsAdminService;
}

export const feedbackRoutes = (services: FeedbackRoutes) => async (app: FastifyInstance) => {
  route(app, feedback.addFeedback, async ({ body }, { userId, locale }) =>
    withMsg(await services.feedback.submit(userId, body), translate(locale, 'feedback.received')),
  );
  route(app, feedback.consult, async ({ body }, { ip, locale }) => {
    const answer = await services.consultations.submit(body, ip);
    return withMsg(answer, translate(locale, 'feedback.consultReceived', { hours: answer.replyWithinHours }));
  });

  route(app, feedback.listFeedback, ({ query }) => services.feedbackAdmin.list(query));
  route(app, feedback.adoptFeedback, ({ params }, { audit, userId }) =>
    services.feedbackAdmin.adopt(audit, userId, params.id),
  );
  route(app, feedback.listConsultations, ({ query }) => services.consultationsAdmin.list(query));
  route(app, feedback.handleConsultation, ({ params, body }, { audit, userId }) =>
    services.consultationsAdmin.handle(audit, userId, { id: params.id, reason: body.reason }),
  );
  route(app, feedback.setConsultationState, ({ params, body }, { audit, userId }) =>
    services.consultationsAdmin.move(audit, userId, { id: params.id, ...body }),
  );
  route(app, feedback.listConsultationNotes, ({ params }) => services.consultationsAdmin.notes(params.id));
  route(app, feedback.addConsultationNote, ({ params, body }, { audit, userId }) =>
    services.consultationsAdmin.addNote(audit, userId, { id: params.id, note: body.reason }),
  );
};

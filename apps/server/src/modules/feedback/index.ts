import type { ObjectStore } from '../../providers/object-store/index.js';
import type { Module, Platform } from '../../platform.js';
import type { AuthService } from '../auth/index.js';
import type { NoticesService } from '../notices/index.js';
import type { WalletService } from '../wallet/index.js';
import { consultationsAdminService } from './consultations.admin.service.js';
import { consultationsService } from './consultations.service.js';
import { feedbackAdminService } from './feedback.admin.service.js';
import { feedbackRoutes } from './feedback.routes.js';
import { feedbackService, type FeedbackService } from './feedback.service.js';

interface FeedbackDependencies extends Platform {
  objectStore: ObjectStore;
  auth: AuthService;
  wallet: Pick<WalletService, 'grantVoucher'>;
  notices: Pick<NoticesService, 'notifyUser'>;
}

/**
 * What users tell the team (spec §1, decision 0033): feedback with screenshots, whose adoption by a support operator
 * earns a gift voucher once, and business consultations, which anyone may send within a per-address limit.
 */
export function createFeedbackModule(deps: FeedbackDependencies): Module<FeedbackService> {
  const { config, db, clock, log, objectStore: store, auth, wallet, notices } = deps;
  const service = feedbackService({ db, clock, store, log });
  const gift = { amount: config.feedback.giftAmount, validDays: config.feedback.giftValidDays };
  const routes = feedbackRoutes({
    feedback: service,
    feedbackAdmin: feedbackAdminService({ db, clock, store, wallet, notices, gift }),
    consultations: consultationsService({ db, clock, auth }),
    consultationsAdmin: consultationsAdminService({ db, clock }),
  });
  return { service, routes };
}

import { dev, partners } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { ApiUserSignService } from './api-user-sign.service.js';
import type { IncomeService } from './income.service.js';
import type { PartnersAdminService } from './partners.admin.service.js';
import type { PartnersService } from './partners.service.js';

export function partnersRoutes(services: {
  partners: PartnersService;
  income: IncomeService;
  admin: PartnersAdminService;
  signing: ApiUserSignService;
  devTools: boolean;
}) {
  const { partners: service, income, admin, signing, devTools } = services;
  return async (app: FastifyInstance) => {
    route(app, partners.selectPromotionChannel, (_input, { userId }) => service.promotionChannel(userId));
    route(app, partners.getBloggerAmount, async ({ query }, { userId }) => {
      await service.requireVerified(userId);
      return income.kolMonth(userId, service.monthOrNow(query.month));
    });
    route(app, partners.getBloggerImageAmount, async ({ query }, { userId }) => {
      await service.requireVerified(userId);
      return income.creatorMonth(userId, service.monthOrNow(query.month));
    });
    route(app, partners.getBloggerAmountFormerly, (_input, { userId }) => service.amounts(userId));
    route(app, partners.getPersonWithdraw, (_input, { userId }) => service.paymentAccount(userId));
    route(app, partners.getWithdrawApplyList, ({ query }, { userId }) => service.listWithdrawals(userId, query));
    route(app, partners.insertPersonWithdraw, ({ body }, { userId }) => service.insertPersonWithdraw(userId, body));
    route(app, partners.insertCompanyWithdraw, ({ body }, { userId }) => service.insertCompanyWithdraw(userId, body));
    route(app, partners.apiUserSign, ({ body }, { userId }) => signing.sign(userId, body));
    route(app, partners.apiUserSignContract, (_input, { userId, locale }) => signing.contract(userId, locale));
    route(app, partners.revokePartner, ({ params, body }, { audit }) =>
      admin.revoke(audit, params.userId, body.reason),
    );
    route(app, partners.listPartners, ({ query }) => admin.listPartners(query));
    route(app, partners.restorePartner, ({ params }, { audit }) => admin.restore(audit, params.userId));
    route(app, partners.listWithdrawals, ({ query }) => admin.list(query));
    route(app, partners.decideWithdrawal, ({ params, body }, { audit }) => admin.decide(audit, params.id, body));
    if (devTools) {
      route(app, dev.closeDevPartnerReview, ({ body }) => service.closeReview(body.account));
    }
  };
}

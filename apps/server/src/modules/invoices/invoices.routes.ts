import { invoices } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoints.js';
import type { InvoicesAdminService } from './invoices.admin.service.js';
import type { InvoicesService } from './invoices.service.js';

export function invoicesRoutes(service: InvoicesService, admin: InvoicesAdminService) {
  return async (app: FastifyInstance) => {
    route(app, invoices.getInvoiceInformation, (_, { userId }) => service.getInformation(userId));
    route(app, invoices.createInvoiceInformation, ({ body }, { userId }) => service.createInformation(userId, body));
    route(app, invoices.updateInvoiceInformation, ({ body }, { userId }) => service.updateInformation(userId, body));
    route(app, invoices.getInvoiceableAmount, (_, { userId }) => service.getAmounts(userId));
    route(app, invoices.listInvoiceApplications, ({ query }, { userId }) => service.list(userId, query));
    route(app, invoices.applyForInvoice, ({ body }, { userId }) => service.apply(userId, body));
    route(app, invoices.editInvoiceApplication, ({ body }, { userId }) => service.edit(userId, BigInt(body.id), body));
    route(app, invoices.resubmitInvoiceApplication, ({ body }, { userId }) =>
      service.resubmit(userId, BigInt(body.id), body),
    );
    route(app, invoices.revokeInvoiceApplication, ({ body }, { userId }) => service.revoke(userId, BigInt(body.id)));
    route(app, invoices.getInvoiceFileLink, ({ query }, { userId }) => service.fileLink(userId, BigInt(query.id)));

    route(app, invoices.listInvoicesForOperators, ({ query }) => admin.list(query));
    route(app, invoices.createInvoiceFileUpload, ({ params, body }, { audit }) =>
      admin.createUpload(audit, BigInt(params.id), body.contentType),
    );
    route(app, invoices.completeInvoice, ({ params, body }, { audit }) =>
      admin.complete(audit, BigInt(params.id), body),
    );
    route(app, invoices.rejectInvoice, ({ params, body }, { audit }) =>
      admin.reject(audit, BigInt(params.id), body.note),
    );
  };
}

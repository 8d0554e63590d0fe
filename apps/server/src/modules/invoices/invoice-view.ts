import { formatMoney, type EndpointData, type invoices } from '@suanli/contract';
import type { InvoiceApplication } from './invoices.tables.js';

type ApplicationView = EndpointData<typeof invoices.applyForInvoice>;

/** An application as its owner sees it. */
export const applicationView = (row: InvoiceApplication): ApplicationView => ({
  id: String(row.id),
  amount: formatMoney(row.amount),
  remark: row.remark,
  status: row.status,
  title: row.details.title,
  type: row.details.type,
  rejectionNote: row.rejectionNote,
  hasFile: row.fileKey !== null,
  createTime: row.createdAt.toISOString(),
  updateTime: row.updatedAt.toISOString(),
});

/** An application as operators see it: whose it is and everything it is made out to. */
export const adminApplicationView = (row: InvoiceApplication) => ({
  ...applicationView(row),
  userId: String(row.userId),
  details: row.details,
});

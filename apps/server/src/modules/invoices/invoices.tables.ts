import type { EndpointData, InvoiceStatus, InvoiceType, invoices } from '@suanli/contract';
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, id, moneyColumn, userIdColumn } from '../../db/columns.js';

/** What an invoice is made out to: the user's invoice information, and each application's copy of it. */
export type InvoiceDetails = NonNullable<EndpointData<typeof invoices.getInvoiceInformation>>;

/** Each user's invoice information (migration 0046); applications lock its row while they check the amount. */
export const invoiceInformation = pgTable('invoice_information', {
  userId: userIdColumn().primaryKey(),
  title: text('title').notNull(),
  taxNumber: text('tax_number').notNull(),
  type: text('type').$type<InvoiceType>().notNull(),
  contactName: text('contact_name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  bank: text('bank').notNull(),
  account: text('account').notNull(),
  address: text('address').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/** Applications for an amount to be invoiced (migration 0046, docs/decisions/0029). */
export const invoiceApplications = pgTable('invoice_applications', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  amount: moneyColumn('amount').notNull(),
  remark: text('remark').notNull(),
  status: text('status').$type<InvoiceStatus>().notNull(),
  details: jsonb('details').$type<InvoiceDetails>().notNull(),
  rejectionNote: text('rejection_note'),
  fileKey: text('file_key'),
  fileName: text('file_name'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

export type InvoiceApplication = typeof invoiceApplications.$inferSelect;

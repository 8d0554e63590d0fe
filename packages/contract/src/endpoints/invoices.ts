import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idTextSchema, moneyTextSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { InvoiceStatus, InvoiceType } from '../enums.js';
import { emailSchema, invoiceAmountSchema, operatorReasonSchema, phoneSchema } from '../validation.js';

// Spec §7 "Invoices" and decision 0029: which call does what. Invoice information is the title and the rest that an
// invoice is made out to (one per user); an application asks for an amount to be invoiced to it.

/** A required text field with the message spec §5 asks for when it is empty. */
const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max);

export const invoiceInformationSchema = z.object({
  title: requiredText('validation.invoiceTitle', 100),
  taxNumber: z
    .string({ error: 'validation.taxNumber' })
    .trim()
    .toUpperCase()
    // The unified social credit code has 18 characters; older taxpayer numbers 15 to 20.
    .regex(/^[0-9A-Z]{15,20}$/, { error: 'validation.taxNumber' }),
  type: InvoiceType.schema,
  contactName: requiredText('validation.invoiceContact', 40),
  phone: phoneSchema,
  email: emailSchema,
  bank: requiredText('validation.invoiceBank', 100),
  account: requiredText('validation.invoiceAccount', 40),
  address: requiredText('validation.invoiceAddress', 200),
});

const remarkSchema = z.string().trim().max(200, { error: 'validation.invoiceRemark' }).optional();

export const getInvoiceInformation = defineEndpoint({
  id: 'getInvoiceInformation',
  method: 'GET',
  path: '/recharge/invoice/select',
  auth: 'user',
  summary: "The current user's invoice information (title, taxpayer number, contact, bank…), or null before any",
  tag: 'invoices',
  data: invoiceInformationSchema.nullable(),
});

export const createInvoiceInformation = defineEndpoint({
  id: 'createInvoiceInformation',
  method: 'POST',
  path: '/recharge/invoice/insert',
  auth: 'user',
  summary: 'Saves the invoice information the first time (409 when there is some already: change it with upInvoice)',
  tag: 'invoices',
  body: invoiceInformationSchema,
  data: invoiceInformationSchema,
});

export const updateInvoiceInformation = defineEndpoint({
  id: 'updateInvoiceInformation',
  method: 'PUT',
  path: '/recharge/invoice/upInvoice',
  auth: 'user',
  summary: 'Changes the invoice information; applications already made keep what they were made out to',
  tag: 'invoices',
  body: invoiceInformationSchema,
  data: invoiceInformationSchema,
});

export const getInvoiceableAmount = defineEndpoint({
  id: 'getInvoiceableAmount',
  method: 'POST',
  path: '/recharge/invoice/openInvoice',
  auth: 'user',
  summary:
    'What the user may have invoiced: recharged (through the payment channels) less what is applied for or invoiced; ' +
    'refunds and vouchers never count',
  tag: 'invoices',
  data: z.object({
    invoiceable: moneyTextSchema,
    recharged: moneyTextSchema,
    /** Applied for and under review (submitted or modified). */
    pending: moneyTextSchema,
    invoiced: moneyTextSchema,
    deliveryWorkingDays: z.number().int(),
  }),
});

export const invoiceApplicationSchema = z.object({
  id: z.string(),
  amount: moneyTextSchema,
  remark: z.string(),
  status: InvoiceStatus.schema,
  /** What the application is made out to, as it stood when it was last submitted or edited. */
  title: z.string(),
  type: InvoiceType.schema,
  rejectionNote: z.string().nullable(),
  hasFile: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});

export const listInvoiceApplications = defineEndpoint({
  id: 'listInvoiceApplications',
  method: 'GET',
  path: '/recharge/invoice/selectInvoiceAmountInfo',
  auth: 'user',
  summary: "The current user's invoice applications, newest first, optionally of one status",
  tag: 'invoices',
  query: pageQuerySchema.extend({ status: InvoiceStatus.schema.optional() }),
  data: pageSchema(invoiceApplicationSchema),
});

const applicationInput = z.object({ amount: invoiceAmountSchema, remark: remarkSchema });
const applicationIdInput = z.object({ id: idTextSchema });

export const applyForInvoice = defineEndpoint({
  id: 'applyForInvoice',
  method: 'POST',
  path: '/recharge/invoice/createInvoiceAmountInfo',
  auth: 'user',
  summary:
    'Applies for an invoice of an amount (positive, two decimals, not above the invoiceable amount) made out to the ' +
    'invoice information; delivered within 7 working days',
  tag: 'invoices',
  idempotent: true,
  body: applicationInput,
  data: invoiceApplicationSchema,
});

export const editInvoiceApplication = defineEndpoint({
  id: 'editInvoiceApplication',
  method: 'PUT',
  path: '/recharge/invoice/upInvoiceAmInfo',
  auth: 'user',
  summary: 'Changes the amount and remark of an application under review (it becomes modified)',
  tag: 'invoices',
  body: applicationIdInput.extend(applicationInput.shape),
  data: invoiceApplicationSchema,
});

export const resubmitInvoiceApplication = defineEndpoint({
  id: 'resubmitInvoiceApplication',
  method: 'PUT',
  path: '/recharge/invoice/submitInvoice',
  auth: 'user',
  summary: 'Submits a rejected application again, corrected, made out to the invoice information as it is now',
  tag: 'invoices',
  body: applicationIdInput.extend(applicationInput.shape),
  data: invoiceApplicationSchema,
});

export const revokeInvoiceApplication = defineEndpoint({
  id: 'revokeInvoiceApplication',
  method: 'DELETE',
  path: '/recharge/invoice/revocationInvoice',
  auth: 'user',
  summary: 'Withdraws an application under review; its amount becomes invoiceable again',
  tag: 'invoices',
  body: applicationIdInput,
  data: invoiceApplicationSchema,
});

const signedLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });

export const getInvoiceFileLink = defineEndpoint({
  id: 'getInvoiceFileLink',
  method: 'GET',
  path: '/recharge/invoice/fileLink',
  auth: 'user',
  summary: 'A short-lived link that downloads the invoice of a completed application under its own name',
  tag: 'invoices',
  query: applicationIdInput,
  data: signedLinkSchema,
});

const adminApplicationSchema = invoiceApplicationSchema.extend({
  userId: z.string(),
  details: invoiceInformationSchema,
});

export const listInvoicesForOperators = defineEndpoint({
  id: 'listInvoicesForOperators',
  method: 'GET',
  path: '/admin/finance/invoices',
  auth: 'user',
  operator: 'finance',
  summary: 'Operators: invoice applications of every user, oldest first, optionally of one status',
  tag: 'admin',
  query: pageQuerySchema.extend({ status: InvoiceStatus.schema.optional() }),
  data: pageSchema(adminApplicationSchema),
});

export const createInvoiceFileUpload = defineEndpoint({
  id: 'createInvoiceFileUpload',
  method: 'POST',
  path: '/admin/finance/invoices/:id/upload',
  auth: 'user',
  operator: 'finance',
  summary:
    "Operators: a link to PUT an application's invoice file (PDF, PNG or JPEG, at most 10 MB) to; the audit log " +
    'keeps who was given which key',
  tag: 'admin',
  params: applicationIdInput,
  body: z.object({
    contentType: z.enum(['application/pdf', 'image/png', 'image/jpeg']),
    reason: operatorReasonSchema,
  }),
  data: signedLinkSchema.extend({ key: z.string(), method: z.literal('PUT'), maxBytes: z.number().int() }),
});

export const completeInvoice = defineEndpoint({
  id: 'completeInvoice',
  method: 'POST',
  path: '/admin/finance/invoices/:id/complete',
  auth: 'user',
  operator: 'finance',
  summary: 'Operators: completes an application under review with its uploaded invoice file',
  tag: 'admin',
  params: applicationIdInput,
  body: z.object({
    fileKey: z.string().trim().min(1).max(512),
    fileName: z.string().trim().min(1).max(120),
    reason: operatorReasonSchema,
  }),
  data: adminApplicationSchema,
});

export const rejectInvoice = defineEndpoint({
  id: 'rejectInvoice',
  method: 'POST',
  path: '/admin/finance/invoices/:id/reject',
  auth: 'user',
  operator: 'finance',
  summary: 'Operators: rejects an application under review with a note the user reads; its amount becomes invoiceable',
  tag: 'admin',
  params: applicationIdInput,
  body: z.object({ note: requiredText('validation.rejectionNote', 200), reason: operatorReasonSchema }),
  data: adminApplicationSchema,
});

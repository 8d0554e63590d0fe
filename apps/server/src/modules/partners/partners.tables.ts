import { bigint, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, byDatabase, id, moneyColumn as money, userIdColumn } from '../../db/columns.js';
import type { UserId } from '../../db/ids.js';

/** Migration 0048, docs/decisions/0031. */
export const partners = pgTable('partners', {
  userId: userIdColumn().primaryKey(),
  agreedAt: at('agreed_at').notNull(),
  kolRatioBasisPoints: integer('kol_ratio_basis_points').notNull().default(byDatabase),
  revokedAt: at('revoked_at'),
  revokedReason: text('revoked_reason'),
});

export type PaymentAccountKind = 'personal' | 'company';

export const paymentAccounts = pgTable('partner_payment_accounts', {
  userId: userIdColumn().primaryKey(),
  kind: text('kind').$type<PaymentAccountKind>().notNull(),
  name: text('name'),
  idNumber: text('id_number'),
  alipayPhone: text('alipay_phone'),
  companyName: text('company_name'),
  cardNumber: text('card_number'),
  openingBank: text('opening_bank'),
  updatedAt: at('updated_at').notNull(),
});

export type WithdrawalStatus = 'submitted' | 'completed' | 'rejected';
export type InvoiceKind = 'vatGeneral' | 'vatSpecial';
/** The payment account a withdrawal was requested to, as it then read. */
export type Payee = Omit<typeof paymentAccounts.$inferSelect, 'userId' | 'updatedAt'>;

export const withdrawals = pgTable('partner_withdrawals', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  orderNo: text('order_no').notNull(),
  amount: money('amount').notNull(),
  fee: money('fee').notNull(),
  invoiceType: text('invoice_type').$type<InvoiceKind>().notNull(),
  payee: jsonb('payee').$type<Payee>().notNull(),
  status: text('status').$type<WithdrawalStatus>().notNull().default(byDatabase),
  submittedAt: at('submitted_at').notNull(),
  decidedAt: at('decided_at'),
  rejectNote: text('reject_note'),
});

export const kolInvitees = pgTable('kol_invitees', {
  userId: userIdColumn().primaryKey(),
  kolId: id('kol_id').$type<UserId>().notNull(),
  registeredAt: at('registered_at').notNull(),
});

export const kolIncome = pgTable('kol_income', {
  orderNo: text('order_no').primaryKey(),
  kolId: id('kol_id').$type<UserId>().notNull(),
  inviteeId: id('invitee_id').$type<UserId>().notNull(),
  rechargeAmount: money('recharge_amount').notNull(),
  income: money('income').notNull(),
  creditedAt: at('credited_at').notNull(),
});

export const creatorImageUsage = pgTable(
  'creator_image_usage',
  {
    imageId: id('image_id').notNull(),
    month: text('month').notNull(),
    creatorId: id('creator_id').$type<UserId>().notNull(),
    pricePerHour: money('price_per_hour').notNull(),
    minutes: bigint('minutes', { mode: 'number' }).notNull().default(0),
    income: money('income').notNull().default(byDatabase),
  },
  (table) => [primaryKey({ columns: [table.imageId, table.month, table.pricePerHour] })],
);

export const partnerCredits = pgTable('partner_credits', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  amount: money('amount').notNull(),
  creditedAt: at('credited_at').notNull(),
});

export const apiUserSignatures = pgTable('api_user_signatures', {
  userId: userIdColumn().primaryKey(),
  signedAt: at('signed_at').notNull(),
});

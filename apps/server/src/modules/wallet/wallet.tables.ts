import type { TransactionType } from '@suanli/contract';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { at, byDatabase, id, moneyColumn as money, userIdColumn } from '../../db/columns.js';

/** One per user, made on its first posting (migration 0010). Changed only by `postEntries`, with the row locked. */
export const wallets = pgTable('wallets', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn().unique(),
  balance: money('balance').notNull().default(byDatabase),
  createdAt: at('created_at').notNull().default(byDatabase),
  /** Balance spent on charges, all time: VIP growth is its whole yuan (migration 0017). */
  consumptionUnits: money('consumption_units').notNull().default(byDatabase),
  /** The latest expiry of the vouchers that may be usable; a charge before it looks for vouchers to spend. */
  vouchersUntil: at('vouchers_until'),
});

/** The ledger, which is also the income/expense list: one row per change of a wallet. */
export const ledgerEntries = pgTable('ledger_entries', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  walletId: id('wallet_id').notNull(),
  userId: userIdColumn(),
  orderNo: text('order_no').notNull(),
  transactionType: text('transaction_type').$type<TransactionType>().notNull(),
  amount: money('amount').notNull(),
  balanceChange: money('balance_change').notNull(),
  balanceAfter: money('balance_after').notNull(),
  createdAt: at('created_at').notNull(),
});

import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { at, byDatabase, id, moneyColumn as money } from '../../db/columns.js';
import type { UserId } from '../../db/ids.js';
import type { AccountKind, LedgerType } from './accounts.js';

/**
 * The ledger's accounts (migration 0042, docs/decisions/0023): a user's by kind, with its balance kept on the row and
 * changed only with the row locked; the platform's by kind (user_id null), whose balance is the sum of its entries.
 */
export const ledgerAccounts = pgTable('ledger_accounts', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'bigint' }).$type<UserId>(),
  kind: text('kind').$type<AccountKind>().notNull(),
  balance: money('balance').notNull().default(byDatabase),
  createdAt: at('created_at').notNull().default(byDatabase),
  /** On a balance account: the latest expiry of the vouchers that may be usable; a charge before it looks for them. */
  vouchersUntil: at('vouchers_until'),
});

/**
 * One row per account a transfer moves; a transfer's entries sum to zero. The entries of a user's balance account are
 * also their income/expense list.
 */
export const ledgerEntries = pgTable('ledger_entries', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  accountId: id('account_id').notNull(),
  accountKind: text('account_kind').$type<AccountKind>().notNull(),
  transferId: id('transfer_id').notNull(),
  userId: id('user_id').$type<UserId>(),
  orderNo: text('order_no').notNull(),
  transactionType: text('transaction_type').$type<LedgerType>().notNull(),
  amount: money('amount').notNull(),
  balanceChange: money('balance_change').notNull(),
  balanceAfter: money('balance_after'),
  createdAt: at('created_at').notNull(),
});

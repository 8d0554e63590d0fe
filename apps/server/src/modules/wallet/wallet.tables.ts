import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { at, byDatabase, id, moneyColumn as money, userIdColumn } from '../../db/columns.js';
import type { UserId } from '../../db/ids.js';
import type { AccountKind, LedgerType, PlatformAccount, UserAccountKind } from './accounts.js';

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
  /** On a balance account: what it paid for charges since the last 'consumption.posted' event (consumption.ts). */
  unpublishedConsumption: money('unpublished_consumption').notNull().default(byDatabase),
});

/**
 * One row per user account a transfer moves (docs/decisions/0023). A row with a counter account (a platform account,
 * named by its kind) is a whole transfer: that account moves by the opposite of balance_change. Rows without one (between two users) share
 * a transfer_id and sum to zero together. The entries of a user's balance account are also their income/expense list.
 */
export const ledgerEntries = pgTable('ledger_entries', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  accountId: id('account_id').notNull(),
  accountKind: text('account_kind').$type<UserAccountKind>().notNull(),
  counterKind: text('counter_kind').$type<PlatformAccount>(),
  transferId: id('transfer_id'),
  userId: userIdColumn(),
  orderNo: text('order_no').notNull(),
  transactionType: text('transaction_type').$type<LedgerType>().notNull(),
  amount: money('amount').notNull(),
  balanceChange: money('balance_change').notNull(),
  balanceAfter: money('balance_after').notNull(),
  createdAt: at('created_at').notNull(),
});

import { money, type Money, type TransactionType } from '@suanli/contract';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { PageWindow } from '../../db/paging.js';
import { queryPrepared } from '../../db/sql.js';
import { counterAccountOf, type PlatformAccount, type UserAccountKind } from './accounts.js';
import { ledgerAccounts, ledgerEntries } from './wallet.tables.js';

export interface Posting {
  userId: UserId;
  transactionType: TransactionType;
  /** The transaction's amount, signed: positive for income, negative for expense. */
  amount: Money;
  /** What moves the balance: the amount unless vouchers paid part of an expense (or got part of a refund back). */
  balanceChange?: Money;
  orderNo: string;
  /** The platform account on the other side; by default its transaction type's (accounts.ts). */
  counter?: PlatformAccount;
}

/** What a posting statement may add: more to SET on the balance account, a condition on it, steps after the entry. */
export interface PostingSteps {
  set?: SQL;
  guard?: SQL;
  /** Further CTEs; `changed` (id, user_id, balance) is the balance account moved, empty when it did not. */
  after?: SQL;
  /** The transfer's id, when the posting joins one an earlier posting of the call took; a fresh one otherwise. */
  transfer?: SQL;
}

/** The id of a platform account, as a subquery of a posting statement (the unique (user_id, kind) index finds it). */
export const platformAccount = (kind: PlatformAccount): SQL =>
  sql`(SELECT id FROM ledger_accounts WHERE user_id IS NULL AND kind = ${kind})`;

/** The platform account a posting moves, or null for one of a transfer between users. */
function counterOf(posting: Posting): PlatformAccount | null {
  const counter = posting.counter ?? counterAccountOf(posting.transactionType);
  if (counter === 'channel') {
    throw new RangeError(`a ${posting.transactionType} names its channel's clearing account (${posting.orderNo})`);
  }
  return counter;
}

/**
 * Moves one user's balance account and writes the transfer's entries in a single statement, so that they can never
 * part: the UPDATE takes the account's row lock (held to the end of the transaction, as SELECT … FOR UPDATE would)
 * and refuses to go below zero; the entries are the balance's, the vouchers account's when vouchers paid part of it
 * (amount - change: they must have an account, ensureAccount) and the platform account's on the other side, which
 * sum to zero. Answers balance_after, null when nothing moved (no account, or not enough in it), and the transfer's
 * id.
 */
export function postingStatement(posting: Posting & { change: Money }, at: Date, steps: PostingSteps = {}): SQL {
  const transfer = steps.transfer ?? sql`nextval('ledger_transfer_ids')`;
  const { change, userId, orderNo, transactionType, amount } = posting;
  const toVouchers = money(amount - change);
  const counter = counterOf(posting);
  const legs = [
    sql`SELECT c.id, 'balance', t.id, c.user_id, ${amount}::bigint, ${change}::bigint, c.balance
        FROM changed c, transfer t`,
    ...(toVouchers === 0n
      ? []
      : [
          sql`SELECT v.id, 'vouchers', t.id, ${userId}::bigint, ${toVouchers}::bigint, ${toVouchers}::bigint, v.balance
              FROM vouchered v, transfer t`,
        ]),
    ...(counter === null
      ? []
      : [
          sql`SELECT ${platformAccount(counter)}, ${counter}, t.id, NULL::bigint, ${-amount}::bigint, ${-amount}::bigint,
                     NULL::bigint
              FROM transfer t`,
        ]),
  ];
  return sql`WITH changed AS (
          UPDATE ledger_accounts SET balance = balance + ${change}${steps.set ? sql`, ${steps.set}` : sql``}
          WHERE user_id = ${userId} AND kind = 'balance' AND balance + ${change} >= 0${steps.guard ? sql` AND ${steps.guard}` : sql``}
          RETURNING id, user_id, balance),
        transfer AS (SELECT ${transfer} AS id FROM changed),${
          toVouchers === 0n
            ? sql``
            : sql`
        vouchered AS (
          UPDATE ledger_accounts SET balance = balance + ${toVouchers}
          WHERE user_id = ${userId} AND kind = 'vouchers' AND EXISTS (SELECT 1 FROM changed)
          RETURNING id, balance),`
        }
        entry AS (
          INSERT INTO ledger_entries (account_id, account_kind, transfer_id, user_id, amount, balance_change,
                                      balance_after, order_no, transaction_type, created_at)
          SELECT leg.*, ${orderNo}, ${transactionType}, ${at}::timestamptz
          FROM (${sql.join(legs, sql` UNION ALL `)}) AS leg
          RETURNING account_kind, balance_after)${steps.after ? sql`, ${steps.after}` : sql``}
        SELECT (SELECT balance_after FROM entry WHERE account_kind = 'balance') AS balance_after,
               (SELECT id FROM transfer) AS transfer_id`;
}

interface PostedRow {
  balance_after: bigint | string | null;
  transfer_id?: bigint | string | null;
}

export const postedBalance = (row: PostedRow | undefined): Money | null =>
  row?.balance_after === null || row?.balance_after === undefined ? null : money(BigInt(row.balance_after));

/** Makes the user's account of a kind when they have none yet; in the transaction that first moves it. */
export async function ensureAccount(tx: Db, userId: UserId, kind: UserAccountKind) {
  await tx.insert(ledgerAccounts).values({ userId, kind }).onConflictDoNothing();
}

/**
 * Applies postings as one transfer and answers each one's balance after it, or null for the first that would take a
 * balance below zero (the caller then rolls back: several postings must share one transaction, which wallet.service's
 * `post` sees to). Postings to several users go in user-id order, the one order every transaction locks balance
 * accounts in, so two transfers between the same users in opposite directions never deadlock. A balance account is
 * made on its first credit; a debit of a user without one is simply not covered. Postings with no platform account
 * (a transfer between users) must sum to zero among themselves.
 */
export async function postEntries(tx: Db, postings: readonly Posting[], at: Date): Promise<Money[] | null> {
  const between = postings.filter((posting) => counterOf(posting) === null);
  if (between.reduce((sum, posting) => sum + (posting.balanceChange ?? posting.amount), 0n) !== 0n) {
    throw new RangeError(`a transfer between users must sum to zero (${postings[0]?.orderNo})`);
  }
  const order = postings.map((_, index) => index).sort((a, b) => compare(postings[a]!.userId, postings[b]!.userId));
  const balances: Money[] = [];
  let transferId: bigint | null = null;
  for (const index of order) {
    const posting = postings[index]!;
    const change = posting.balanceChange ?? posting.amount;
    if (posting.amount !== change) {
      await ensureAccount(tx, posting.userId, 'vouchers');
    }
    // One prepared statement per shape: with a vouchers leg or not, a platform leg or not, the transfer new or joined.
    const shape = `${posting.amount === change ? '' : 'v'}${counterOf(posting) === null ? '' : 'c'}`;
    const post = async () => {
      const [row] = await queryPrepared<PostedRow>(
        tx,
        `wallet_post_${shape}${transferId === null ? '' : 'j'}`,
        postingStatement(
          { ...posting, change },
          at,
          transferId === null ? {} : { transfer: sql`${transferId}::bigint` },
        ),
      );
      transferId ??= row?.transfer_id === null || row?.transfer_id === undefined ? null : BigInt(row.transfer_id);
      return postedBalance(row);
    };
    let balance = await post();
    if (balance === null && change >= 0n) {
      await ensureAccount(tx, posting.userId, 'balance');
      balance = await post();
    }
    if (balance === null) {
      return null;
    }
    balances[index] = balance;
  }
  return balances;
}

/**
 * A transfer between a user's vouchers account and the voucher liability: a voucher granted (positive, the account made
 * on the first), or what an ended voucher still held (negative). In the transaction that grants or ends the voucher.
 */
export async function moveVouchers(
  tx: Db,
  movement: { userId: UserId; change: Money; type: 'voucherGrant' | 'voucherExpiry'; orderNo: string; at: Date },
) {
  const { userId, change, type, orderNo, at } = movement;
  if (change === 0n) {
    return;
  }
  await ensureAccount(tx, userId, 'vouchers');
  await queryPrepared(
    tx,
    'wallet_move_vouchers',
    sql`WITH moved AS (
          UPDATE ledger_accounts SET balance = balance + ${change}
          WHERE user_id = ${userId} AND kind = 'vouchers' RETURNING id, balance),
        transfer AS (SELECT nextval('ledger_transfer_ids') AS id)
        INSERT INTO ledger_entries (account_id, account_kind, transfer_id, user_id, amount, balance_change,
                                    balance_after, order_no, transaction_type, created_at)
        SELECT leg.*, ${orderNo}, ${type}, ${at}::timestamptz FROM (
          SELECT m.id, 'vouchers', t.id, ${userId}::bigint, ${change}::bigint, ${change}::bigint, m.balance
          FROM moved m, transfer t
          UNION ALL
          SELECT ${platformAccount('vouchers.liability')}, 'vouchers.liability', t.id, NULL::bigint,
                 ${-change}::bigint, ${-change}::bigint, NULL::bigint
          FROM transfer t) AS leg`,
  );
}

const compare = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/** The user's balance account as a WHERE. */
const balanceOf = (userId: UserId) => and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'balance'));

export async function findBalance(db: Db, userId: UserId): Promise<Money> {
  const [row] = await db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(balanceOf(userId));
  return row?.balance ?? money(0n);
}

/**
 * The balance with its account row locked to the end of the transaction, so that what a charge checks is what it
 * posts against; 0 for a user without a balance account yet.
 */
export async function lockBalance(tx: Tx, userId: UserId): Promise<Money> {
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(balanceOf(userId))
    .for('update');
  return row?.balance ?? money(0n);
}

export interface LedgerFilter {
  direction?: 'income' | 'expense' | undefined;
  transactionType?: TransactionType | undefined;
  /** Entries at or after this instant, and before `until`. */
  from?: Date | undefined;
  until?: Date | undefined;
  orderNo?: string | undefined;
}

function ledgerWhere(userId: UserId, filter: LedgerFilter): SQL | undefined {
  return and(
    eq(ledgerEntries.userId, userId),
    // A literal, so that the statement index (partial, on balance entries) serves the prepared plan.
    sql`${ledgerEntries.accountKind} = 'balance'`,
    filter.direction === 'income' ? sql`${ledgerEntries.amount} > 0` : undefined,
    filter.direction === 'expense' ? sql`${ledgerEntries.amount} < 0` : undefined,
    filter.transactionType ? eq(ledgerEntries.transactionType, filter.transactionType) : undefined,
    filter.from ? gte(ledgerEntries.createdAt, filter.from) : undefined,
    filter.until ? lt(ledgerEntries.createdAt, filter.until) : undefined,
    filter.orderNo ? eq(ledgerEntries.orderNo, filter.orderNo) : undefined,
  );
}

/** An entry of a balance account: a line of its owner's statement, with the balance it left. */
function statementLine(entry: typeof ledgerEntries.$inferSelect) {
  const { transactionType, balanceAfter } = entry;
  if (balanceAfter === null || transactionType === 'voucherGrant' || transactionType === 'voucherExpiry') {
    throw new TypeError(`ledger entry ${entry.id} is not a balance account's`);
  }
  return { ...entry, transactionType, balanceAfter };
}

export function ledgerPage(db: Db, userId: UserId, filter: LedgerFilter) {
  const where = ledgerWhere(userId, filter);
  return {
    rows: async (window: PageWindow) =>
      (
        await db
          .select()
          .from(ledgerEntries)
          .where(where)
          .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
          .limit(window.limit)
          .offset(window.offset)
      ).map(statementLine),
    total: () => db.$count(ledgerEntries, where),
  };
}

export interface PeriodSums {
  /** `YYYY-MM-DD` or `YYYY-MM` in the zone the sums were read in. */
  period: string;
  income: Money;
  expense: Money;
}

const PERIOD_PATTERN = { day: 'YYYY-MM-DD', month: 'YYYY-MM' } as const;

/**
 * The income and expense of the user's entries the filter selects, summed per day or month of `timeZone` in one
 * GROUP BY (the (user_id, created_at) index finds the range); periods without entries are absent.
 */
export async function sumLedgerByPeriod(
  db: Db,
  userId: UserId,
  { granularity, timeZone, ...filter }: LedgerFilter & { granularity: keyof typeof PERIOD_PATTERN; timeZone: string },
): Promise<PeriodSums[]> {
  const rows = await db
    .select({
      period: sql<string>`to_char(${ledgerEntries.createdAt} AT TIME ZONE ${timeZone}, ${PERIOD_PATTERN[granularity]})`,
      // sum(bigint) is numeric, which the drivers answer as text or number: text keeps every digit.
      income: sql<string>`coalesce(sum(${ledgerEntries.amount}) FILTER (WHERE ${ledgerEntries.amount} > 0), 0)::text`,
      expense: sql<string>`coalesce(-sum(${ledgerEntries.amount}) FILTER (WHERE ${ledgerEntries.amount} < 0), 0)::text`,
    })
    .from(ledgerEntries)
    .where(ledgerWhere(userId, filter))
    // By position: the period's zone and pattern are parameters, and a second copy of them would be another expression.
    .groupBy(sql`1`);
  return rows.map((row) => ({
    period: row.period,
    income: money(BigInt(row.income)),
    expense: money(BigInt(row.expense)),
  }));
}

import { money, TransactionType, type Money } from '@suanli/contract';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { PageWindow } from '../../db/paging.js';
import { queryPrepared, queryRows } from '../../db/sql.js';
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

/** What a posting statement may add: more to SET on the balance account, a condition on it, its transfer. */
export interface PostingSteps {
  set?: SQL;
  guard?: SQL;
  /** The transfer a posting between users belongs to (the other postings of its call share it). */
  transfer?: SQL;
}

/** The platform account a posting moves, or null for one of a transfer between users. */
function counterOf(posting: Posting): PlatformAccount | null {
  const counter = posting.counter ?? counterAccountOf(posting.transactionType);
  if (counter === 'channel') {
    throw new RangeError(`a ${posting.transactionType} names its channel's clearing account (${posting.orderNo})`);
  }
  return counter;
}

/**
 * Moves one user's balance account and writes its entries in a single statement, so that they can never part: the
 * UPDATE takes the account's row lock (held to the end of the transaction, as SELECT … FOR UPDATE would) and refuses
 * to go below zero; the entries are the balance's, and the vouchers account's when vouchers paid part of it (amount -
 * change: they must have an account, ensureAccount), each against the posting's platform account, or, between users,
 * in the transfer `steps.transfer` names. Answers balance_after, null when nothing moved (no account, or not enough).
 */
export function postingStatement(posting: Posting & { change: Money }, at: Date, steps: PostingSteps = {}): SQL {
  const { change, userId, orderNo, transactionType, amount } = posting;
  const toVouchers = money(amount - change);
  const counter = counterOf(posting);
  // Every leg's row whole, so that the common single leg needs no UNION around it.
  const rest = sql`${userId}::bigint, ${counter}::text, ${steps.transfer ?? sql`NULL::bigint`}, ${orderNo}::text,
                   ${transactionType}::text, ${at}::timestamptz`;
  const legs = [
    sql`SELECT id, 'balance', ${amount}::bigint, ${change}::bigint, balance, ${rest} FROM changed`,
    ...(toVouchers === 0n
      ? []
      : [sql`SELECT id, 'vouchers', ${toVouchers}::bigint, ${toVouchers}::bigint, balance, ${rest} FROM vouchered`]),
  ];
  return sql`WITH changed AS (
          UPDATE ledger_accounts SET balance = balance + ${change}${steps.set ? sql`, ${steps.set}` : sql``}
          WHERE user_id = ${userId} AND kind = 'balance' AND balance + ${change} >= 0${steps.guard ? sql` AND ${steps.guard}` : sql``}
          RETURNING id, balance),${
            toVouchers === 0n
              ? sql``
              : sql`
        vouchered AS (
          UPDATE ledger_accounts SET balance = balance + ${toVouchers}
          WHERE user_id = ${userId} AND kind = 'vouchers' AND EXISTS (SELECT 1 FROM changed)
          RETURNING id, balance),`
          }
        entry AS (
          INSERT INTO ledger_entries (account_id, account_kind, amount, balance_change, balance_after, user_id,
                                      counter_kind, transfer_id, order_no, transaction_type, created_at)
          ${sql.join(legs, sql` UNION ALL `)}
          RETURNING account_kind, balance_after)
        SELECT (SELECT balance_after FROM entry WHERE account_kind = 'balance') AS balance_after`;
}

interface PostedRow {
  balance_after: bigint | string | null;
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
  const transfer = between.length > 0 ? sql`${await nextTransferId(tx)}::bigint` : undefined;
  const order = postings.map((_, index) => index).sort((a, b) => compare(postings[a]!.userId, postings[b]!.userId));
  const balances: Money[] = [];
  for (const index of order) {
    const posting = postings[index]!;
    const change = posting.balanceChange ?? posting.amount;
    if (posting.amount !== change) {
      await ensureAccount(tx, posting.userId, 'vouchers');
    }
    const joined = counterOf(posting) === null;
    // One prepared statement per shape: with a vouchers leg or not, against a platform account or between users.
    const name = `wallet_post_${posting.amount === change ? '' : 'v'}${joined ? 'u' : 'c'}`;
    const post = async () => {
      const statement = postingStatement({ ...posting, change }, at, joined ? { transfer } : {});
      return postedBalance((await queryPrepared<PostedRow>(tx, name, statement))[0]);
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

/** A transfer id for the entries of a transfer between users, which share it. */
async function nextTransferId(tx: Db): Promise<bigint> {
  const [row] = await queryRows<{ id: string }>(tx, sql`SELECT nextval('ledger_transfer_ids')::text AS id`);
  return BigInt(row!.id);
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
          WHERE user_id = ${userId} AND kind = 'vouchers' RETURNING id, balance)
        INSERT INTO ledger_entries (account_id, account_kind, user_id, counter_kind, amount, balance_change,
                                    balance_after, order_no, transaction_type, created_at)
        SELECT id, 'vouchers', ${userId}, 'vouchers.liability', ${change}, ${change}, balance, ${orderNo}, ${type},
               ${at}::timestamptz
        FROM moved`,
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
  const parsed = TransactionType.schema.safeParse(entry.transactionType);
  if (!parsed.success) {
    throw new TypeError(`ledger entry ${entry.id} is not a balance account's`);
  }
  return { ...entry, transactionType: parsed.data };
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

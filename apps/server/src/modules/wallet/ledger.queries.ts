import { money, type Money, type TransactionType } from '@suanli/contract';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { PageWindow } from '../../db/paging.js';
import { queryPrepared, queryRows } from '../../db/sql.js';
import { ledgerEntries, wallets } from './wallet.tables.js';

export interface Posting {
  userId: UserId;
  transactionType: TransactionType;
  /** The transaction's amount, signed: positive for income, negative for expense. */
  amount: Money;
  /** What moves the balance: the amount unless vouchers paid part of an expense. */
  balanceChange?: Money;
  orderNo: string;
}

/** What a posting statement may add: more to SET on the wallet, a condition on it, steps after the entry. */
export interface PostingSteps {
  set?: SQL;
  guard?: SQL;
  /** Further CTEs; `changed` (id, user_id, balance, consumption_units) is the wallet moved, empty when it did not. */
  after?: SQL;
}

/**
 * Moves one wallet and writes its entry in a single statement, so the two can never part: the UPDATE takes the wallet's
 * row lock (held to the end of the transaction, as SELECT … FOR UPDATE would) and refuses to go below zero, and the
 * INSERT writes what it left. balance_after is null when it did not move: no wallet, or not enough in it.
 */
export function postingStatement(posting: Posting & { change: Money }, at: Date, steps: PostingSteps = {}): SQL {
  const { change } = posting;
  return sql`WITH changed AS (
          UPDATE wallets SET balance = balance + ${change}${steps.set ? sql`, ${steps.set}` : sql``}
          WHERE user_id = ${posting.userId} AND balance + ${change} >= 0${steps.guard ? sql` AND ${steps.guard}` : sql``}
          RETURNING id, user_id, balance, consumption_units),
        entry AS (
          INSERT INTO ledger_entries
            (wallet_id, user_id, order_no, transaction_type, amount, balance_change, balance_after, created_at)
          SELECT id, user_id, ${posting.orderNo}, ${posting.transactionType}, ${posting.amount}, ${change}, balance, ${at}
          FROM changed
          RETURNING balance_after)${steps.after ? sql`, ${steps.after}` : sql``}
        SELECT (SELECT balance_after FROM entry) AS balance_after`;
}

export const postedBalance = (row: { balance_after: bigint | string | null } | undefined): Money | null =>
  row?.balance_after === null || row?.balance_after === undefined ? null : money(BigInt(row.balance_after));

async function postOne(tx: Db, posting: Posting & { change: Money }, at: Date): Promise<Money | null> {
  const [row] = await queryPrepared<{ balance_after: bigint | string | null }>(
    tx,
    'wallet_post',
    postingStatement(posting, at),
  );
  return postedBalance(row);
}

/**
 * Applies postings and answers each one's balance after it, or null for the first that would take a wallet below zero
 * (the caller then rolls back: several postings must share one transaction, which wallet.service's `post` sees to). Postings to several wallets go in user-id order, the one
 * order every transaction locks wallets in, so two transfers between the same users in opposite directions never
 * deadlock. A wallet is made on its first credit; a debit of a user without one is simply not covered.
 */
export async function postEntries(tx: Db, postings: readonly Posting[], at: Date): Promise<Money[] | null> {
  const order = postings.map((_, index) => index).sort((a, b) => compare(postings[a]!.userId, postings[b]!.userId));
  const balances: Money[] = [];
  for (const index of order) {
    const posting = postings[index]!;
    const change = posting.balanceChange ?? posting.amount;
    let balance = await postOne(tx, { ...posting, change }, at);
    if (balance === null && change >= 0n) {
      await tx.insert(wallets).values({ userId: posting.userId }).onConflictDoNothing({ target: wallets.userId });
      balance = await postOne(tx, { ...posting, change }, at);
    }
    if (balance === null) {
      return null;
    }
    balances[index] = balance;
  }
  return balances;
}

const compare = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

export async function findBalance(db: Db, userId: UserId): Promise<Money> {
  const [row] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId));
  return row?.balance ?? money(0n);
}

/**
 * The balance with the wallet row locked to the end of the transaction, so that what a charge checks is what it posts
 * against; 0 for a user without a wallet yet.
 */
export async function lockBalance(tx: Tx, userId: UserId): Promise<Money> {
  const [row] = await tx
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, userId))
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
    filter.direction === 'income' ? sql`${ledgerEntries.amount} > 0` : undefined,
    filter.direction === 'expense' ? sql`${ledgerEntries.amount} < 0` : undefined,
    filter.transactionType ? eq(ledgerEntries.transactionType, filter.transactionType) : undefined,
    filter.from ? gte(ledgerEntries.createdAt, filter.from) : undefined,
    filter.until ? lt(ledgerEntries.createdAt, filter.until) : undefined,
    filter.orderNo ? eq(ledgerEntries.orderNo, filter.orderNo) : undefined,
  );
}

export function ledgerPage(db: Db, userId: UserId, filter: LedgerFilter) {
  const where = ledgerWhere(userId, filter);
  return {
    rows: (window: PageWindow) =>
      db
        .select()
        .from(ledgerEntries)
        .where(where)
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(window.limit)
        .offset(window.offset),
    total: () => db.$count(ledgerEntries, where),
  };
}

export interface LedgerMismatch {
  walletId: bigint;
  userId: bigint;
  /** What the wallet says, and what its entries add up to. */
  balance: bigint;
  entriesSum: bigint;
  /** Entries whose balance_after is not the one before plus their change. */
  brokenEntries: number;
}

/**
 * Every wallet whose balance is not the sum of its entries' changes, or whose entries do not chain (each one's
 * balance_after = the previous one's + its change, in the order they were written under the wallet's lock).
 */
export async function findLedgerMismatches(db: Db): Promise<LedgerMismatch[]> {
  const rows = await queryRows<Record<keyof LedgerMismatch, bigint | string | number>>(
    db,
    sql`WITH chained AS (
          SELECT wallet_id, balance_change,
                 balance_after - balance_change
                   <> coalesce(lag(balance_after) OVER (PARTITION BY wallet_id ORDER BY id), 0) AS broken
          FROM ledger_entries),
        sums AS (
          SELECT wallet_id, sum(balance_change) AS total, count(*) FILTER (WHERE broken) AS broken
          FROM chained GROUP BY wallet_id)
        SELECT w.id AS "walletId", w.user_id AS "userId", w.balance,
               coalesce(s.total, 0) AS "entriesSum", coalesce(s.broken, 0)::int AS "brokenEntries"
        FROM wallets w LEFT JOIN sums s ON s.wallet_id = w.id
        WHERE w.balance <> coalesce(s.total, 0) OR coalesce(s.broken, 0) > 0
        ORDER BY w.id`,
  );
  return rows.map((row) => ({
    walletId: BigInt(row.walletId),
    userId: BigInt(row.userId),
    balance: BigInt(row.balance),
    entriesSum: BigInt(row.entriesSum),
    brokenEntries: Number(row.brokenEntries),
  }));
}

export async function countWallets(db: Db): Promise<number> {
  return db.$count(wallets);
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

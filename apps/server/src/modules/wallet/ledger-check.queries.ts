import { formatMoney, money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/sql.js';

/** What `npm run ledger:check` can find wrong in the ledger (docs/decisions/0023). */
export type LedgerFinding =
  | {
      /** A user's account whose balance is not the sum of its entries, or whose entries do not chain. */
      kind: 'account';
      accountId: bigint;
      userId: bigint;
      accountKind: string;
      balance: bigint;
      entriesSum: bigint;
      /** Entries whose balance_after is not the one before plus their change. */
      brokenEntries: number;
    }
  | { kind: 'transfer'; transferId: bigint; sum: bigint }
  | { kind: 'negative'; accountId: bigint; userId: bigint; accountKind: string; balance: bigint }
  | { kind: 'vouchers'; userId: bigint; balance: bigint; vouchersHold: bigint };

type Row = Record<string, string | number | null>;
const big = (value: string | number | null | undefined) => BigInt(value ?? 0);

/** The account a finding is about, from a row of (id, user_id, kind, balance). */
const accountOf = (row: Row) => ({
  accountId: big(row.id),
  userId: big(row.user_id),
  accountKind: String(row.kind),
  balance: big(row.balance),
});

/**
 * Every user account whose balance is not the sum of its entries or whose entries do not chain (each one's
 * balance_after = the previous one's + its change, in the order they were written under the account's lock).
 */
async function unmatchedAccounts(db: Db): Promise<LedgerFinding[]> {
  const rows = await queryRows<Row>(
    db,
    sql`WITH chained AS (
          SELECT account_id, balance_change,
                 balance_after - balance_change
                   <> coalesce(lag(balance_after) OVER (PARTITION BY account_id ORDER BY id), 0) AS broken
          FROM ledger_entries),
        sums AS (
          SELECT account_id, sum(balance_change) AS total, count(*) FILTER (WHERE broken) AS broken
          FROM chained GROUP BY account_id)
        SELECT a.id, a.user_id, a.kind, a.balance, coalesce(s.total, 0) AS total, coalesce(s.broken, 0)::int AS broken
        FROM ledger_accounts a LEFT JOIN sums s ON s.account_id = a.id
        WHERE a.user_id IS NOT NULL AND (a.balance <> coalesce(s.total, 0) OR coalesce(s.broken, 0) > 0)
        ORDER BY a.id`,
  );
  return rows.map((row) => ({
    kind: 'account',
    ...accountOf(row),
    entriesSum: big(row.total),
    brokenEntries: Number(row.broken),
  }));
}

/**
 * Every transfer whose entries do not sum to zero. An entry with a platform counter account is a whole transfer of its
 * own (both legs in one row); so is one with neither a counter nor a transfer, which no posting writes: it is found.
 */
async function unbalancedTransfers(db: Db): Promise<LedgerFinding[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT coalesce(transfer_id, -id) AS transfer_id, sum(balance_change) AS total FROM ledger_entries
        WHERE counter_kind IS NULL
        GROUP BY 1 HAVING sum(balance_change) <> 0 ORDER BY 1`,
  );
  return rows.map((row) => ({ kind: 'transfer', transferId: big(row.transfer_id), sum: big(row.total) }));
}

/** Every user account below zero (the table refuses one; this says so should that ever change). */
async function negativeAccounts(db: Db): Promise<LedgerFinding[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT id, user_id, kind, balance FROM ledger_accounts WHERE user_id IS NOT NULL AND balance < 0 ORDER BY id`,
  );
  return rows.map((row) => ({ kind: 'negative', ...accountOf(row) }));
}

/** Every vouchers account that does not hold what its owner's vouchers that have not ended hold. */
async function unmatchedVouchers(db: Db): Promise<LedgerFinding[]> {
  const rows = await queryRows<Row>(
    db,
    sql`WITH held AS (
          SELECT user_id, sum(balance) AS total FROM vouchers WHERE status <> 'invalid' GROUP BY user_id),
        accounts AS (SELECT user_id, balance FROM ledger_accounts WHERE kind = 'vouchers')
        SELECT coalesce(a.user_id, h.user_id) AS user_id, coalesce(a.balance, 0) AS balance,
               coalesce(h.total, 0) AS total
        FROM accounts a FULL JOIN held h ON h.user_id = a.user_id
        WHERE coalesce(a.balance, 0) <> coalesce(h.total, 0)
        ORDER BY 1`,
  );
  return rows.map((row) => ({
    kind: 'vouchers',
    userId: big(row.user_id),
    balance: big(row.balance),
    vouchersHold: big(row.total),
  }));
}

/**
 * Everything wrong with the ledger: user accounts that do not match their entries, transfers that do not sum to zero,
 * accounts below zero, vouchers accounts that do not match the vouchers. Empty when it is whole.
 */
export async function findLedgerMismatches(db: Db): Promise<LedgerFinding[]> {
  return [
    ...(await unmatchedAccounts(db)),
    ...(await unbalancedTransfers(db)),
    ...(await negativeAccounts(db)),
    ...(await unmatchedVouchers(db)),
  ];
}

/** How much the check read: accounts and transfers. */
export async function ledgerSize(db: Db) {
  const [row] = await queryRows<Row>(
    db,
    sql`SELECT (SELECT count(*) FROM ledger_accounts)::int AS accounts,
               (SELECT count(DISTINCT coalesce(transfer_id, -id)) FROM ledger_entries)::int AS transfers`,
  );
  return { accounts: Number(row!.accounts), transfers: Number(row!.transfers) };
}

const unitsAsYuan = (units: bigint) => formatMoney(money(units), 2);

/** One finding as `npm run ledger:check` prints it. */
export function describeFinding(finding: LedgerFinding): string {
  switch (finding.kind) {
    case 'account':
      return (
        `${finding.accountKind} account ${finding.accountId} (user ${finding.userId}): balance ` +
        `${unitsAsYuan(finding.balance)}, entries add up to ${unitsAsYuan(finding.entriesSum)}, ` +
        `${finding.brokenEntries} entries out of chain`
      );
    case 'transfer':
      return `transfer ${finding.transferId}: entries sum to ${unitsAsYuan(finding.sum)}, not zero`;
    case 'negative':
      return `${finding.accountKind} account ${finding.accountId} (user ${finding.userId}) below zero: ${unitsAsYuan(finding.balance)}`;
    case 'vouchers':
      return (
        `vouchers account of user ${finding.userId}: ${unitsAsYuan(finding.balance)}, ` +
        `its vouchers hold ${unitsAsYuan(finding.vouchersHold)}`
      );
  }
}

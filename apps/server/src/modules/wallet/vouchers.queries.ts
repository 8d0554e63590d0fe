import { money, type Money, type VoucherKind, type VoucherSource, type VoucherStatus } from '@suanli/contract';
import { and, asc, desc, eq, gt, inArray, lte, ne, notInArray, or, sql, sum, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { PageWindow } from '../../db/paging.js';
import { moveVouchers } from './ledger.queries.js';
import { ledgerAccounts } from './wallet.tables.js';
import { voucherSpends, vouchers } from './vouchers.tables.js';

export type VoucherRow = typeof vouchers.$inferSelect;

const NOTHING = money(0n);

/** Statuses of a voucher that has not ended: usable now, or waiting for something before it is. */
const OPEN_STATUSES: VoucherStatus[] = ['normal', 'pendingActivation', 'awaitingInviteeFirstApp'];

/** What a charge may spend now: normal, in effect, not expired, something left. */
export const usable = (now: Date) =>
  and(
    eq(vouchers.status, 'normal'),
    gt(vouchers.balance, NOTHING),
    lte(vouchers.effectiveAt, now),
    gt(vouchers.expiresAt, now),
  );

/** A subquery of the latest expiry among the user's vouchers that may still be spent, or null (the balance account's vouchers_until). */
export const voucherHorizon = (userId: UserId): SQL =>
  sql`SELECT max(${vouchers.expiresAt}) FROM ${vouchers}
      WHERE ${and(eq(vouchers.userId, userId), eq(vouchers.status, 'normal'), gt(vouchers.balance, NOTHING))}`;

/**
 * Locks the user's vouchers of these kinds that a charge may spend now, earliest expiry first: the order they are
 * spent in, and the one order every charge locks them in, so two charges of one user never deadlock. A row another
 * charge spent meanwhile is read as that charge left it, and drops out if it no longer qualifies.
 */
export async function lockUsableVouchers(
  tx: Tx,
  { userId, kinds, now }: { userId: UserId; kinds: VoucherKind[]; now: Date },
) {
  return tx
    .select({ id: vouchers.id, balance: vouchers.balance })
    .from(vouchers)
    .where(and(eq(vouchers.userId, userId), inArray(vouchers.kind, kinds), usable(now)))
    .orderBy(asc(vouchers.expiresAt), asc(vouchers.id))
    .for('update');
}

/** Takes an amount from a locked voucher; one spent to nothing has ended (invalid). */
export async function spendVoucher(tx: Tx, { id, amount }: { id: bigint; amount: Money }) {
  await tx
    .update(vouchers)
    .set({
      balance: sql`${vouchers.balance} - ${amount}`,
      status: sql`CASE WHEN ${vouchers.balance} = ${amount} THEN 'invalid' ELSE ${vouchers.status} END`,
    })
    .where(eq(vouchers.id, id));
}

export async function insertSpends(
  tx: Tx,
  spends: { voucherId: bigint; userId: UserId; orderNo: string; amount: Money; createdAt: Date }[],
) {
  if (spends.length > 0) {
    await tx.insert(voucherSpends).values(spends);
  }
}

export async function insertVoucher(
  db: Db,
  voucher: {
    userId: UserId;
    kind: VoucherKind;
    name: string | null;
    amount: Money;
    source: VoucherSource;
    effectiveAt: Date;
    expiresAt: Date;
  },
): Promise<VoucherRow> {
  const [row] = await db
    .insert(vouchers)
    .values({
      userId: voucher.userId,
      kind: voucher.kind,
      name: voucher.name,
      faceAmount: voucher.amount,
      balance: voucher.amount,
      source: voucher.source,
      effectiveAt: voucher.effectiveAt,
      expiresAt: voucher.expiresAt,
      createdAt: voucher.effectiveAt,
    })
    .returning();
  return row!;
}

/** What the user's usable vouchers of a kind hold now. */
export async function usableTotal(db: Db, { userId, kind, now }: { userId: UserId; kind: VoucherKind; now: Date }) {
  const [row] = await db
    .select({ total: sum(vouchers.balance).mapWith(BigInt) })
    .from(vouchers)
    .where(and(eq(vouchers.userId, userId), eq(vouchers.kind, kind), usable(now)));
  return money(row?.total ?? 0n);
}

/** What vouchers paid of each of the user's orders; an order they paid nothing of is absent. */
export async function voucherPaidFor(db: Db, { userId, orderNos }: { userId: UserId; orderNos: string[] }) {
  if (orderNos.length === 0) {
    return new Map<string, Money>();
  }
  const rows = await db
    .select({ orderNo: voucherSpends.orderNo, total: sum(voucherSpends.amount).mapWith(BigInt) })
    .from(voucherSpends)
    .where(and(eq(voucherSpends.userId, userId), inArray(voucherSpends.orderNo, orderNos)))
    .groupBy(voucherSpends.orderNo);
  return new Map(rows.map((row) => [row.orderNo, money(row.total)]));
}

export type VoucherList = { tab: 'open'; kind: VoucherKind } | { tab: 'ended' };

/** Not ended: an open status, something left, not expired. The rest (both kinds) is the ended list. */
const open = (now: Date) =>
  and(inArray(vouchers.status, OPEN_STATUSES), gt(vouchers.balance, NOTHING), gt(vouchers.expiresAt, now));

function listWhere(userId: UserId, list: VoucherList, now: Date): SQL | undefined {
  const owner = eq(vouchers.userId, userId);
  return list.tab === 'open'
    ? and(owner, eq(vouchers.kind, list.kind), open(now))
    : and(
        owner,
        or(notInArray(vouchers.status, OPEN_STATUSES), eq(vouchers.balance, NOTHING), lte(vouchers.expiresAt, now)),
      );
}

/** Open vouchers in the order a charge spends them; ended ones latest expiry first. */
export function voucherPage(db: Db, { userId, list, now }: { userId: UserId; list: VoucherList; now: Date }) {
  const where = listWhere(userId, list, now);
  const order =
    list.tab === 'open' ? [asc(vouchers.expiresAt), asc(vouchers.id)] : [desc(vouchers.expiresAt), desc(vouchers.id)];
  return {
    rows: (window: PageWindow) =>
      db
        .select()
        .from(vouchers)
        .where(where)
        .orderBy(...order)
        .limit(window.limit)
        .offset(window.offset),
    total: () => db.$count(vouchers, where),
  };
}

/** Vouchers past their expiry not yet marked ended: what the expiry job works through. */
export const expiredVouchers = (now: Date) => and(ne(vouchers.status, 'invalid'), lte(vouchers.expiresAt, now));

/** The order number a voucher's own transfers (its grant, its end) are posted under. */
export const voucherOrderNo = (id: bigint) => `V${id}`;

/** Marks a voucher ended; what it still held goes back to the voucher liability, in the same transaction. */
export async function markInvalid(tx: Tx, voucher: Pick<VoucherRow, 'id' | 'userId' | 'balance'>, now: Date) {
  await tx.update(vouchers).set({ status: 'invalid' }).where(eq(vouchers.id, voucher.id));
  await moveVouchers(tx, {
    userId: voucher.userId,
    change: money(-voucher.balance),
    type: 'voucherExpiry',
    orderNo: voucherOrderNo(voucher.id),
    at: now,
  });
}

/**
 * Tells the user's balance account that a voucher may be waiting until `until`, so that charges look for it (the wallet is made
 * when it has none yet); in the transaction that grants the voucher.
 */
export async function raiseVoucherHorizon(tx: Tx, { userId, until }: { userId: UserId; until: Date }) {
  await tx
    .insert(ledgerAccounts)
    .values({ userId, kind: 'balance', vouchersUntil: until })
    .onConflictDoUpdate({
      target: [ledgerAccounts.userId, ledgerAccounts.kind],
      set: { vouchersUntil: sql`GREATEST(${ledgerAccounts.vouchersUntil}, excluded.vouchers_until)` },
    });
}

import { money, type InvoiceStatus, type Money } from '@suanli/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { PageWindow } from '../../db/paging.js';
import { invoiceApplications, invoiceInformation, type InvoiceDetails } from './invoices.tables.js';

/** The statuses of an application its owner may still change or withdraw, and that operators decide. */
export const UNDER_REVIEW: readonly InvoiceStatus[] = ['submitted', 'modified'];

const detailsOf = (row: typeof invoiceInformation.$inferSelect): InvoiceDetails => {
  const { title, taxNumber, type, contactName, phone, email, bank, account, address } = row;
  return { title, taxNumber, type, contactName, phone, email, bank, account, address };
};

export async function findInformation(db: Db, userId: UserId): Promise<InvoiceDetails | null> {
  const [row] = await db.select().from(invoiceInformation).where(eq(invoiceInformation.userId, userId));
  return row ? detailsOf(row) : null;
}

/** Saves the first invoice information; null when the user has some already. */
export async function insertInformation(
  db: Db,
  userId: UserId,
  { details, at }: { details: InvoiceDetails; at: Date },
) {
  const [row] = await db
    .insert(invoiceInformation)
    .values({ ...details, userId, updatedAt: at })
    .onConflictDoNothing()
    .returning();
  return row ? detailsOf(row) : null;
}

/** Changes the invoice information; null when the user has none. */
export async function updateInformation(
  db: Db,
  userId: UserId,
  { details, at }: { details: InvoiceDetails; at: Date },
) {
  const [row] = await db
    .update(invoiceInformation)
    .set({ ...details, updatedAt: at })
    .where(eq(invoiceInformation.userId, userId))
    .returning();
  return row ? detailsOf(row) : null;
}

/**
 * The user's invoice information with its row locked to the end of the transaction: every change of what the user
 * has applied for takes it first, so that one user's applications are weighed against the amount one at a time.
 */
export async function lockInformation(tx: Tx, userId: UserId): Promise<InvoiceDetails | null> {
  const [row] = await tx.select().from(invoiceInformation).where(eq(invoiceInformation.userId, userId)).for('update');
  return row ? detailsOf(row) : null;
}

/** What the user's applications hold: under review (submitted or modified) and invoiced (completed). */
export async function heldAmounts(db: Db, userId: UserId): Promise<{ pending: Money; invoiced: Money }> {
  const [row] = await db
    .select({
      pending: sql<string>`coalesce(sum(${invoiceApplications.amount}) FILTER (WHERE ${invoiceApplications.status} IN ('submitted', 'modified')), 0)::text`,
      invoiced: sql<string>`coalesce(sum(${invoiceApplications.amount}) FILTER (WHERE ${invoiceApplications.status} = 'completed'), 0)::text`,
    })
    .from(invoiceApplications)
    .where(eq(invoiceApplications.userId, userId));
  return { pending: money(BigInt(row?.pending ?? '0')), invoiced: money(BigInt(row?.invoiced ?? '0')) };
}

export async function insertApplication(
  tx: Tx,
  userId: UserId,
  application: { amount: Money; remark: string; details: InvoiceDetails; at: Date },
) {
  const { amount, remark, details, at } = application;
  const [row] = await tx
    .insert(invoiceApplications)
    .values({ userId, amount, remark, details, status: 'submitted', createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

export async function findApplication(db: Db, userId: UserId, id: bigint) {
  const [row] = await db
    .select()
    .from(invoiceApplications)
    .where(and(eq(invoiceApplications.userId, userId), eq(invoiceApplications.id, id)));
  return row ?? null;
}

/**
 * Moves one of the user's applications from one of `from` to what `set` says, compare-and-set: null when it is not in
 * one of them any more (an operator decided it meanwhile).
 */
export async function changeApplication(
  db: Db,
  userId: UserId,
  change: { id: bigint; from: readonly InvoiceStatus[]; set: Partial<typeof invoiceApplications.$inferInsert> },
) {
  const [row] = await db
    .update(invoiceApplications)
    .set(change.set)
    .where(
      and(
        eq(invoiceApplications.userId, userId),
        eq(invoiceApplications.id, change.id),
        inArray(invoiceApplications.status, [...change.from]),
      ),
    )
    .returning();
  return row ?? null;
}

export function applicationsPage(db: Db, userId: UserId, status: InvoiceStatus | undefined) {
  const where = and(
    eq(invoiceApplications.userId, userId),
    status ? eq(invoiceApplications.status, status) : undefined,
  );
  return {
    rows: (window: PageWindow) =>
      db
        .select()
        .from(invoiceApplications)
        .where(where)
        .orderBy(desc(invoiceApplications.createdAt), desc(invoiceApplications.id))
        .limit(window.limit)
        .offset(window.offset),
    total: () => db.$count(invoiceApplications, where),
  };
}

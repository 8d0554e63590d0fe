import type { InvoiceStatus } from '@suanli/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { PageWindow } from '../../db/paging.js';
import { invoiceApplications } from './invoices.tables.js';

/** Every user's applications, oldest first (the order they are worked through), optionally of one status. */
export function allApplicationsPage(db: Db, status: InvoiceStatus | undefined) {
  const where = status ? eq(invoiceApplications.status, status) : undefined;
  return {
    rows: (window: PageWindow) =>
      db
        .select()
        .from(invoiceApplications)
        .where(where)
        .orderBy(asc(invoiceApplications.createdAt), asc(invoiceApplications.id))
        .limit(window.limit)
        .offset(window.offset),
    total: () => db.$count(invoiceApplications, where),
  };
}

export async function findAnyApplication(db: Db, id: bigint) {
  const [row] = await db.select().from(invoiceApplications).where(eq(invoiceApplications.id, id));
  return row ?? null;
}

/** An operator's decision, compare-and-set from the statuses under review: null when it is not under review now. */
export async function decideApplication(
  tx: Tx,
  id: bigint,
  { from, set }: { from: readonly InvoiceStatus[]; set: Partial<typeof invoiceApplications.$inferInsert> },
) {
  const [row] = await tx
    .update(invoiceApplications)
    .set(set)
    .where(and(eq(invoiceApplications.id, id), inArray(invoiceApplications.status, [...from])))
    .returning();
  return row ?? null;
}

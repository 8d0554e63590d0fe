import type { BillingMode, Money } from '@suanli/contract';
import { and, desc, eq, gte, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { PageWindow } from '../../db/paging.js';
import { applicationsTable as apps } from './applications.tables.js';

/**
 * An application as the order list shows it: one order per application, prepaid or pay-as-you-go, whose charges (the
 * wallet's entries under `orderNo`) are its bill lines and add up to `spent`.
 */
export interface ApplicationOrder {
  id: bigint;
  orderNo: string;
  appName: string;
  gpuModel: string;
  gpuCount: number;
  billingMode: BillingMode;
  createdAt: Date;
  destroyedAt: Date | null;
  /** Still billed: a pay-as-you-go application not destroyed. Prepaid orders are paid at once. */
  open: boolean;
  spent: Money;
}

export interface ApplicationOrderFilter {
  /** Only orders still billed (true) or only settled ones (false); both when absent. */
  open?: boolean | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

const isOpen = and(eq(apps.billingMode, 'minute'), ne(apps.desiredState, 'destroyed'))!;

/** A page of the user's application orders, newest first, created within the filter's days. Read-only. */
export function applicationOrderPage(db: Db, userId: UserId, filter: ApplicationOrderFilter) {
  const where = and(
    eq(apps.userId, userId),
    filter.open === true ? isOpen : undefined,
    filter.open === false ? or(ne(apps.billingMode, 'minute'), eq(apps.desiredState, 'destroyed')) : undefined,
    filter.from ? gte(apps.createdAt, filter.from) : undefined,
    filter.until ? lt(apps.createdAt, filter.until) : undefined,
  );
  return {
    rows: (window: PageWindow): Promise<ApplicationOrder[]> =>
      db
        .select({
          id: apps.id,
          orderNo: apps.orderNo,
          appName: apps.appName,
          gpuModel: apps.gpuModel,
          gpuCount: apps.gpuCount,
          billingMode: apps.billingMode,
          createdAt: apps.createdAt,
          destroyedAt: apps.destroyedAt,
          open: sql<boolean>`${isOpen}`,
          spent: apps.spentUnits,
        })
        .from(apps)
        .where(where)
        .orderBy(desc(apps.createdAt), desc(apps.id))
        .limit(window.limit)
        .offset(window.offset),
    total: () => db.$count(apps, where),
  };
}

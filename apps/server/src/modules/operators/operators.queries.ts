import type { OperatorArea } from '@suanli/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { AuditRow } from '../../http/operator-audit.js';
import { auditLog, operatorPermissions } from './operators.tables.js';

export async function holdsArea(db: Db, userId: UserId, area: OperatorArea): Promise<boolean> {
  const rows = await db
    .select({ userId: operatorPermissions.userId })
    .from(operatorPermissions)
    .where(and(eq(operatorPermissions.userId, userId), eq(operatorPermissions.area, area)));
  return rows.length > 0;
}

export async function areasOf(db: Db, userId: UserId): Promise<OperatorArea[]> {
  const rows = await db
    .select({ area: operatorPermissions.area })
    .from(operatorPermissions)
    .where(eq(operatorPermissions.userId, userId))
    .orderBy(asc(operatorPermissions.area));
  return rows.map((row) => row.area as OperatorArea);
}

/** Whether the grant is new: granting an area twice changes nothing. */
export async function insertGrant(tx: Tx, { userId, area }: { userId: UserId; area: OperatorArea }) {
  const rows = await tx
    .insert(operatorPermissions)
    .values({ userId, area })
    .onConflictDoNothing()
    .returning({ userId: operatorPermissions.userId });
  return rows.length > 0;
}

/** Whether the user held the area. */
export async function deleteGrant(tx: Tx, { userId, area }: { userId: UserId; area: OperatorArea }) {
  const rows = await tx
    .delete(operatorPermissions)
    .where(and(eq(operatorPermissions.userId, userId), eq(operatorPermissions.area, area)))
    .returning({ userId: operatorPermissions.userId });
  return rows.length > 0;
}

/** Every grant, operator by operator. */
export function listGrants(db: Db) {
  return db
    .select({ userId: operatorPermissions.userId, area: operatorPermissions.area })
    .from(operatorPermissions)
    .orderBy(asc(operatorPermissions.userId), asc(operatorPermissions.area));
}

export async function insertAuditRow(tx: Tx, row: AuditRow) {
  await tx.insert(auditLog).values(row);
}

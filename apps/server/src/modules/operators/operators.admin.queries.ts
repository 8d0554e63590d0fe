import type { OperatorArea } from '@suanli/contract';
import { and, asc, countDistinct, desc, eq, gte, inArray, like, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { PageWindow } from '../../db/paging.js';
import { auditLog, operatorPermissions } from './operators.tables.js';

export interface AuditFilter {
  operatorId?: UserId | undefined;
  area?: OperatorArea | undefined;
  /** Matched from its start. */
  action?: string | undefined;
  target?: string | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

/** `LIKE 'text%'` with the text's own `%`, `_` and `\` taken literally. */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function auditWhere(filter: AuditFilter): SQL | undefined {
  return and(
    filter.operatorId === undefined ? undefined : eq(auditLog.operatorId, filter.operatorId),
    filter.area === undefined ? undefined : eq(auditLog.area, filter.area),
    filter.action === undefined ? undefined : like(auditLog.action, startsWith(filter.action)),
    filter.target === undefined ? undefined : like(auditLog.target, startsWith(filter.target)),
    filter.from === undefined ? undefined : gte(auditLog.createdAt, filter.from),
    filter.until === undefined ? undefined : lt(auditLog.createdAt, filter.until),
  );
}

/** The audit log, newest first: what administrators read. */
export const auditPage = (db: Db, filter: AuditFilter) => {
  const where = auditWhere(filter);
  return {
    rows: ({ limit, offset }: PageWindow) =>
      db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(limit).offset(offset),
    total: () => db.$count(auditLog, where),
  };
};

/** Accounts holding any area, by user id. */
export const operatorPage = (db: Db) => ({
  rows: async ({ limit, offset }: PageWindow) => {
    const users = await db
      .selectDistinct({ userId: operatorPermissions.userId })
      .from(operatorPermissions)
      .orderBy(asc(operatorPermissions.userId))
      .limit(limit)
      .offset(offset);
    const ids = users.map((user) => user.userId);
    const grants =
      ids.length === 0
        ? []
        : await db
            .select({ userId: operatorPermissions.userId, area: operatorPermissions.area })
            .from(operatorPermissions)
            .where(inArray(operatorPermissions.userId, ids))
            .orderBy(asc(operatorPermissions.area));
    return ids.map((userId) => ({
      userId,
      areas: grants.filter((grant) => grant.userId === userId).map((grant) => grant.area as OperatorArea),
    }));
  },
  total: async () => {
    const [row] = await db.select({ count: countDistinct(operatorPermissions.userId) }).from(operatorPermissions);
    return row?.count ?? 0;
  },
});

import type { OperatorArea, PageQuery } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import { asUserId, type UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import { localDayRange } from '../../jobs/business-time.js';
import type { UsersService } from '../users/index.js';
import * as queries from './operators.admin.queries.js';

interface OperatorsAdminDependencies {
  db: Db;
  timeZone: string;
  users: Pick<UsersService, 'readPhone' | 'readEmail'>;
}

export interface AuditQuery extends PageQuery {
  operatorId?: string | undefined;
  area?: OperatorArea | undefined;
  action?: string | undefined;
  target?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** What administrators read in the console (decision 0035): the audit log and who holds which area. */
export function operatorsAdminService({ db, timeZone, users }: OperatorsAdminDependencies) {
  /** Each operator's phone, else e-mail, read once per page however many of its rows they wrote. */
  async function accountsOf(ids: readonly (UserId | null)[]) {
    const distinct = [...new Set(ids.filter((id) => id !== null))];
    const accounts = await Promise.all(
      distinct.map(async (id) => [id, (await users.readPhone(db, id)) ?? (await users.readEmail(db, id))] as const),
    );
    return new Map(accounts);
  }

  return {
    async auditLog({ operatorId, area, action, target, startDate, endDate, ...page }: AuditQuery) {
      const { from, until } = localDayRange({ startDate, endDate }, timeZone);
      const filter = {
        operatorId: operatorId === undefined ? undefined : asUserId(BigInt(operatorId)),
        area,
        action,
        target,
        from,
        until,
      };
      const { rows, total } = await paged(page, queries.auditPage(db, filter));
      const accounts = await accountsOf(rows.map((row) => row.operatorId));
      return {
        total,
        rows: rows.map((row) => ({
          id: String(row.id),
          operatorId: row.operatorId === null ? null : String(row.operatorId),
          operatorAccount: row.operatorId === null ? null : (accounts.get(row.operatorId) ?? null),
          area: row.area as OperatorArea,
          action: row.action,
          target: row.target,
          before: row.before,
          after: row.after,
          reason: row.reason,
          requestId: row.requestId,
          createTime: row.createdAt.toISOString(),
        })),
      };
    },

    async operators(page: PageQuery) {
      const { rows, total } = await paged(page, queries.operatorPage(db));
      const accounts = await accountsOf(rows.map((row) => row.userId));
      return {
        total,
        rows: rows.map((row) => ({
          userId: String(row.userId),
          account: accounts.get(row.userId) ?? null,
          areas: row.areas,
        })),
      };
    },
  };
}

export type OperatorsAdminService = ReturnType<typeof operatorsAdminService>;

import type { PageQuery } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { paged } from '../../db/paging.js';
import * as queries from './users.admin.queries.js';

export type { AccountFilter, AccountRow } from './users.admin.queries.js';

/**
 * What the operators' users desk (decision 0036) reads and changes of any account: the search, the account row, the
 * lock and the roles. The writes take the desk's transaction, which also ends the sessions and writes the audit row.
 */
export function usersAdminService({ db }: { db: Db }) {
  return {
    searchAccounts: (filter: queries.AccountFilter, page: PageQuery) => paged(page, queries.accountPage(db, filter)),
    findAccount: (executor: Db, userId: UserId) => queries.findAccount(executor, userId),
    lockAccount: queries.lockAccount,
    unlockAccount: queries.unlockAccount,
    grantRole: queries.insertRole,
    revokeRole: queries.deleteRole,
    roleKeysOf: queries.roleKeysOf,
    accountCounts: (range: { from: Date; until: Date }) => queries.accountCounts(db, range),
  };
}

export type UsersAdminService = ReturnType<typeof usersAdminService>;

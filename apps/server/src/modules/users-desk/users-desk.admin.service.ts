import {
  formatMoney,
  RoleKey,
  translate,
  type EndpointData,
  type EndpointInput,
  type Locale,
  type usersDesk as contract,
} from '@suanli/contract';
import type { Db } from '../../db/client.js';
import { asUserId, type UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import { maskEmail, maskPhone } from '../../http/masks.js';
import type { Audit } from '../../http/operator-audit.js';
import type { Clock } from '../../jobs/clock.js';
import type { ApplicationsModuleService } from '../applications/index.js';
import type { OperatorsService } from '../operators/index.js';
import type { RealNameService } from '../real-name/index.js';
import type { RechargeModuleService } from '../recharge/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { AccountRow, UsersService } from '../users/index.js';
import type { WalletService } from '../wallet/index.js';

type SearchQuery = EndpointInput<typeof contract.searchUsers>['query'];
type LedgerQuery = EndpointInput<typeof contract.listUserLedger>['query'];
type ApplicationsQuery = EndpointInput<typeof contract.listUserApplications>['query'];
type OrdersQuery = EndpointInput<typeof contract.listUserOrders>['query'];
type RoleChange = EndpointInput<typeof contract.changeUserRole>['body'];
type UserRow = EndpointData<typeof contract.searchUsers>['rows'][number];

export interface UsersDeskDependencies {
  db: Db;
  clock: Clock;
  users: Pick<UsersService, 'admin'>;
  sessions: Pick<SessionsService, 'revokeAll'>;
  wallet: Pick<WalletService, 'getBalance' | 'earnings' | 'listLedger'>;
  realName: Pick<RealNameService, 'status'>;
  operators: Pick<OperatorsService, 'areasOf'>;
  applications: Pick<ApplicationsModuleService, 'list'>;
  recharge: Pick<RechargeModuleService, 'listOrders'>;
}

const knownRoles = (keys: readonly string[]) =>
  keys.filter((key): key is RoleKey => RoleKey.schema.safeParse(key).success);

function userRow(row: AccountRow): UserRow {
  return {
    userId: String(row.id),
    nickName: row.nickName,
    phone: maskPhone(row.phone),
    email: maskEmail(row.email),
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    realNameVerified: row.realNameVerifiedAt !== null,
    roles: knownRoles(row.roleKeys),
    state: row.lockedAt ? 'locked' : 'active',
  };
}

const notFound = () => new AppError('notFound', { messageKey: 'usersDesk.userNotFound', field: 'userId' });

/**
 * The operators' users desk (decision 0036): support finds an account and reads it whole through each owner's
 * service (wallet, ledger, orders, applications, real-name with the ID number masked), and locks or unlocks it;
 * admin grants and revokes the education, KOL and creator roles. Each change is compare-and-set on the state it
 * changes (two operators at once: one wins, the other 409) and commits with its audit row.
 */
export function usersDeskService(deps: UsersDeskDependencies) {
  const { db, clock, users, sessions, wallet, realName, operators, applications, recharge } = deps;
  const accounts = users.admin;

  async function existing(userIdText: string): Promise<UserId> {
    const userId = asUserId(BigInt(userIdText));
    if (!(await accounts.findAccount(db, userId))) {
      throw notFound();
    }
    return userId;
  }

  async function setLock(audit: Audit, userIdText: string, lock: { reason: string } | null) {
    const userId = asUserId(BigInt(userIdText));
    return inTransaction(db, async (tx) => {
      const account = await accounts.findAccount(tx, userId);
      if (!account) {
        throw notFound();
      }
      const at = clock.now();
      const changed = lock
        ? await accounts.lockAccount(tx, userId, { at, reason: lock.reason })
        : await accounts.unlockAccount(tx, userId);
      if (!changed) {
        throw new AppError('conflict', { messageKey: lock ? 'usersDesk.alreadyLocked' : 'usersDesk.notLocked' });
      }
      if (lock) {
        // As a password change ends the other sessions: every token of the account is refused from this commit on.
        await sessions.revokeAll(tx, userId);
      }
      await audit(tx, {
        action: lock ? 'users.lock' : 'users.unlock',
        target: `user:${userId}`,
        before: { lockedAt: account.lockedAt?.toISOString() ?? null },
        after: { lockedAt: lock ? at.toISOString() : null },
      });
      return { userId: String(userId), state: lock ? ('locked' as const) : ('active' as const) };
    });
  }

  return {
    async search(query: SearchQuery) {
      const { q, role, state, ...page } = query;
      const found = await accounts.searchAccounts({ q, role, state }, page);
      return { total: found.total, rows: found.rows.map(userRow) };
    },

    async detail(userIdText: string) {
      const userId = asUserId(BigInt(userIdText));
      const account = await accounts.findAccount(db, userId);
      if (!account) {
        throw notFound();
      }
      const [balance, earnings, identity, operatorAreas] = await Promise.all([
        wallet.getBalance(userId),
        wallet.earnings(db, userId),
        realName.status(userId),
        operators.areasOf(userId),
      ]);
      return {
        user: {
          ...userRow(account),
          vipGrade: account.vipGrade,
          wechatBound: account.wechatBound,
          lockedAt: account.lockedAt?.toISOString() ?? null,
          lockedReason: account.lockedReason,
        },
        wallet: { ...balance, earnings: formatMoney(earnings.earnings), held: formatMoney(earnings.held) },
        realName: {
          status: identity.status,
          realName: identity.realName,
          idCard: identity.idCard,
          verifiedAt: identity.verifiedAt,
        },
        operatorAreas,
      };
    },

    ledger: async (userIdText: string, query: LedgerQuery) => wallet.listLedger(await existing(userIdText), query),

    applications: async (userIdText: string, locale: Locale, query: ApplicationsQuery) =>
      applications.list(await existing(userIdText), locale, query),

    async orders(userIdText: string, locale: Locale, { status, ...page }: OrdersQuery) {
      return recharge.listOrders(await existing(userIdText), locale, { query: page, body: { status } });
    },

    lock: (audit: Audit, userId: string, reason: string) => setLock(audit, userId, { reason }),
    unlock: (audit: Audit, userId: string) => setLock(audit, userId, null),

    async changeRole({ audit, locale }: { audit: Audit; locale: Locale }, userIdText: string, body: RoleChange) {
      const { role, change } = body;
      const userId = asUserId(BigInt(userIdText));
      return inTransaction(db, async (tx) => {
        if (!(await accounts.findAccount(tx, userId))) {
          throw notFound();
        }
        const before = await accounts.roleKeysOf(tx, userId);
        const changed =
          change === 'grant' ? await accounts.grantRole(tx, userId, role) : await accounts.revokeRole(tx, userId, role);
        if (!changed) {
          throw new AppError('conflict', {
            messageKey: change === 'grant' ? 'usersDesk.roleHeld' : 'usersDesk.roleNotHeld',
            params: { role: translate(locale, `users.roleNames.${role}`) },
          });
        }
        const after = await accounts.roleKeysOf(tx, userId);
        await audit(tx, {
          action: change === 'grant' ? 'users.grantRole' : 'users.revokeRole',
          target: `user:${userId}`,
          before: { roles: before },
          after: { roles: after },
        });
        return { userId: String(userId), roles: knownRoles(after) };
      });
    },
  };
}

export type UsersDeskService = ReturnType<typeof usersDeskService>;

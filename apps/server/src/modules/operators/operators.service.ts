import type { OperatorArea } from '@suanli/contract';
import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { AuditRow } from '../../http/operator-audit.js';
import type { UsersService } from '../users/index.js';
import * as queries from './operators.queries.js';

interface OperatorsDependencies {
  db: Db;
  users: Pick<UsersService, 'findUserByAccount' | 'readPhone' | 'readEmail'>;
}

/** Who changes a grant: the server's shell (`npm run admin`), or, with development tools on, the dev call. */
export interface GrantActor {
  via: 'shell' | 'dev';
  reason: string;
}

/**
 * Operators: who may act in which area of the operations console, and the audit log of what they did (decision
 * 0020). Grants are changed from the server's shell only; each change is itself a row of the audit log.
 */
export function operatorsService({ db, users }: OperatorsDependencies) {
  async function userOf(account: string) {
    const user = await users.findUserByAccount(db, account);
    if (!user) {
      throw new AppError('notFound', { field: 'account' });
    }
    return user;
  }

  async function change(account: string, area: OperatorArea, { actor, grant }: { actor: GrantActor; grant: boolean }) {
    const user = await userOf(account);
    return inTransaction(db, async (tx) => {
      const before = await queries.areasOf(tx, user.id);
      const changed = grant
        ? await queries.insertGrant(tx, { userId: user.id, area })
        : await queries.deleteGrant(tx, { userId: user.id, area });
      await queries.insertAuditRow(tx, {
        operatorId: null,
        area: 'admin',
        action: grant ? 'operators.grant' : 'operators.revoke',
        target: `user:${user.id}`,
        before: { areas: before },
        after: { areas: await queries.areasOf(tx, user.id) },
        reason: actor.reason,
        requestId: `${actor.via}:${randomUUID()}`,
      });
      return { userId: user.id, changed };
    });
  }

  return {
    /** Whether a user may act in an area: the check of every `/api/admin/*` call (http/authenticate.ts). */
    holds: (userId: UserId, area: OperatorArea) => queries.holdsArea(db, userId, area),

    /** The areas a user may act in (the users desk shows them beside the account). */
    areasOf: (userId: UserId) => queries.areasOf(db, userId),

    /** Writes one audit row in the caller's transaction (route() hands it to operator handlers as `audit`). */
    record: (tx: Tx, row: AuditRow) => queries.insertAuditRow(tx, row),

    /** Lets the account a phone or e-mail names act in an area; granting it twice changes nothing. */
    grant: (account: string, area: OperatorArea, actor: GrantActor) => change(account, area, { actor, grant: true }),

    revoke: (account: string, area: OperatorArea, actor: GrantActor) => change(account, area, { actor, grant: false }),

    /** Every operator, named by phone (else e-mail), and their areas. */
    async list() {
      const byUser = new Map<UserId, OperatorArea[]>();
      for (const { userId, area } of await queries.listGrants(db)) {
        byUser.set(userId, [...(byUser.get(userId) ?? []), area as OperatorArea]);
      }
      return Promise.all(
        [...byUser].map(async ([userId, areas]) => ({
          userId,
          account: (await users.readPhone(db, userId)) ?? (await users.readEmail(db, userId)),
          areas,
        })),
      );
    },
  };
}

export type OperatorsService = ReturnType<typeof operatorsService>;

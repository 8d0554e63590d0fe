import type { OperatorArea } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/client.js';
import { currentCommitGuard, guardingCommits } from '../db/commit-guard.js';
import type { UserId } from '../db/ids.js';

/** One row of the audit log, as written (modules/operators owns the table; migration 0037). */
export interface AuditRow {
  /** Null: the server's shell (`npm run admin`). */
  operatorId: UserId | null;
  area: OperatorArea;
  /** What was done, `<module>.<what>`: `wallet.grantVoucher`. */
  action: string;
  /** What it was done to, `<kind>:<id>`: `user:42`, `recharge-order:R2026…`. */
  target: string;
  /** The target's state before and after, as JSON (money as yuan text, ids as text). */
  before: unknown;
  after: unknown;
  reason: string;
  requestId: string;
}

/** What an operator action says about itself; route() adds who, the area, the reason and the request. */
export type AuditEntry = Pick<AuditRow, 'action' | 'target' | 'before' | 'after'>;

/** Writes the action's audit row in the action's own transaction: `await audit(tx, { action, target, … })`. */
export type Audit = (tx: Tx, entry: AuditEntry) => Promise<void>;

export interface OperatorAuditOptions {
  /** Inserts one row in the given transaction (the operators module answers). */
  record(tx: Tx, row: AuditRow): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    operatorAudit: OperatorAuditOptions;
  }
}

/** Gives route() the audit log's writer. Register it before any route: route() refuses an operator endpoint without it. */
export const operatorAuditPlugin = fp(
  async (app: FastifyInstance, options: OperatorAuditOptions) => {
    app.decorate('operatorAudit', options);
  },
  { name: 'operator-audit' },
);

class UnauditedAction extends Error {}

/**
 * Runs an operator action's handler so that it cannot commit without its audit row: every outermost transaction the
 * handler begins must have written one through `audit` before it commits (else it throws and rolls back, a server
 * error), and a handler that returns having written none is an error too. Any guard already in force (an
 * Idempotency-Key's) still runs after this one, in the same transaction.
 */
export async function runAudited<T>(
  app: FastifyInstance,
  who: Pick<AuditRow, 'operatorId' | 'area' | 'reason' | 'requestId'>,
  handler: (audit: Audit) => Promise<T>,
): Promise<T> {
  const audited = new WeakSet<Tx>();
  let rows = 0;
  const audit: Audit = async (tx, entry) => {
    await app.operatorAudit.record(tx, { ...who, ...entry });
    audited.add(tx);
    rows += 1;
  };
  const outer = currentCommitGuard();
  const guard = async (tx: Tx) => {
    if (!audited.has(tx)) {
      throw new UnauditedAction(`an operator action in ${who.area} committed without an audit row`);
    }
    await outer?.(tx);
  };
  const result = await guardingCommits(guard, () => handler(audit));
  // A handler that wrote outside any transaction, or wrote nothing, still owes its row.
  if (rows === 0) {
    throw new UnauditedAction(`an operator action in ${who.area} returned without an audit row`);
  }
  return result;
}

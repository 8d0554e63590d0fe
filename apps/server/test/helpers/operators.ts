import { OperatorArea } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import type { UserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import type { TestApp } from './build-test-app.js';
import { createSignedInUser } from './factories.js';

/**
 * A signed-in operator granted these areas (all of them unless told), as `npm run admin -- grant` grants them: through
 * the operators module, with the grant's own audit row.
 */
export async function createOperator(t: TestApp, areas: readonly OperatorArea[] = OperatorArea.values) {
  const operator = await createSignedInUser(t);
  const [user] = await queryRows<{ phone: string }>(t.db, sql`SELECT phone FROM users WHERE id = ${operator.userId}`);
  for (const area of areas) {
    await t.services.operators.grant(user!.phone, area, { via: 'dev', reason: 'a test operator' });
  }
  return operator;
}

export interface AuditLogRow {
  operatorId: string | null;
  area: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  reason: string;
  requestId: string;
}

/** The audit rows an operator wrote, oldest first. */
export function auditRowsOf(t: Pick<TestApp, 'db'>, operatorId: UserId) {
  return queryRows<AuditLogRow>(
    t.db,
    sql`SELECT operator_id::text AS "operatorId", area, action, target, before, after, reason,
          request_id AS "requestId"
        FROM audit_log WHERE operator_id = ${operatorId} ORDER BY id`,
  );
}

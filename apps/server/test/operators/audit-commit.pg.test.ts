import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

async function phoneOf(userId: bigint) {
  const [row] = await queryRows<{ phone: string }>(t.db, sql`SELECT phone FROM users WHERE id = ${userId}`);
  return row!.phone;
}

const vouchersOf = async (userId: bigint) =>
  (await queryRows(t.db, sql`SELECT 1 FROM vouchers WHERE user_id = ${userId}`)).length;

// Fails every transaction that wrote an audit row, at its COMMIT: after the audit insert and all the rest of the work.
async function failCommitsWithAuditRows(on: boolean) {
  if (on) {
    await t.db.execute(sql`
      CREATE FUNCTION fail_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the commit failed'; END; $$`);
    await t.db.execute(sql`
      CREATE CONSTRAINT TRIGGER fail_at_commit AFTER INSERT ON audit_log DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION fail_at_commit()`);
  } else {
    await t.db.execute(sql`DROP TRIGGER fail_at_commit ON audit_log`);
    await t.db.execute(sql`DROP FUNCTION fail_at_commit()`);
  }
}

describe('an operator granting a voucher on PostgreSQL', () => {
  it('commits the voucher and its audit row together, or neither', async () => {
    const operator = await createOperator(t, ['finance']);
    const { userId } = await createSignedInUser(t);
    const payload = { account: await phoneOf(userId), amount: '8', kind: 'voucher', name: 'x', validDays: 3 };
    const grant = () =>
      t.request({
        method: 'POST',
        url: '/api/admin/finance/vouchers',
        token: operator.token,
        payload: { ...payload, reason: 'goodwill' },
      });

    await failCommitsWithAuditRows(true);
    try {
      expect((await grant()).statusCode).toBe(500);
    } finally {
      await failCommitsWithAuditRows(false);
    }
    expect(await vouchersOf(userId)).toBe(0);
    expect(await auditRowsOf(t, operator.userId)).toEqual([]);

    expect((await grant()).statusCode).toBe(200);
    expect(await vouchersOf(userId)).toBe(1);
    expect(await auditRowsOf(t, operator.userId)).toHaveLength(1);
  });
});

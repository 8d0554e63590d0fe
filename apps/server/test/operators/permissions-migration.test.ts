import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../src/db/migrate.js';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';

const MIGRATION = '0036_create_operator_permissions';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

const areasOf = async (userId: bigint) =>
  (
    await queryRows<{ area: string }>(
      t.db,
      sql`SELECT area FROM operator_permissions WHERE user_id = ${userId} ORDER BY area`,
    )
  ).map((row) => row.area);

describe('migration 0036, operator areas', () => {
  it('gives each holder of the admin role every area, which is what the role allowed, and nobody else any', async () => {
    const operator = await createSignedInUser(t);
    const user = await createSignedInUser(t);
    await t.db.execute(sql`INSERT INTO user_roles (user_id, role_key) VALUES (${operator.userId}, 'admin')`);
    await t.db.execute(sql`DROP TABLE operator_permissions`);
    await t.db.execute(sql`DELETE FROM schema_migrations WHERE name = ${MIGRATION}`);
    expect(await migrate(t.testDatabase.database, readMigrations())).toEqual([MIGRATION]);

    expect(await areasOf(operator.userId)).toEqual(['admin', 'finance', 'fleet', 'review', 'support']);
    expect(await areasOf(user.userId)).toEqual([]);
    const call = (token: string) =>
      t.request({ method: 'POST', url: '/api/admin/finance/vouchers', token, payload: {} });
    expect((await call(operator.token)).statusCode).toBe(400);
    expect((await call(user.token)).statusCode).toBe(403);
    // The role stays, for what the console shows; it opens no operator call by itself any more.
    const info = await t.request({ method: 'GET', url: '/api/auth/user/getUserInfo', token: operator.token });
    expect(info.json().data.roles.map((role: { roleKey: string }) => role.roleKey)).toContain('admin');
  });
});

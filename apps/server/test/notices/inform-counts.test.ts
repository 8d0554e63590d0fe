import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';

// The list's total and unread come from inform_counts, which triggers keep (migration 0007): whatever happens to the
// notices, they must equal a count of the rows themselves.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function recount(userId: UserId) {
  const [row] = await queryRows<{ total: number; unread: number }>(
    t.db,
    sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread
        FROM informs WHERE user_id = ${userId} AND deleted_at IS NULL`,
  );
  return row!;
}

async function listed(token: string, query = '') {
  const url = `/api/system/inform/getAllInform${query}`;
  const { total, unread } = (await t.request({ method: 'GET', url, token })).json().data;
  return { total, unread };
}

/** Several notices in one statement, as a batch job would write them. */
const insertMany = (userId: UserId, count: number) =>
  t.db.execute(sql`INSERT INTO informs (user_id, kind, params, created_at)
    SELECT ${userId}, 'welcome', '{}', now() - n * interval '1 second' FROM generate_series(1, ${count}) AS n`);

describe('notice counts', () => {
  it('follow notices as they arrive in bulk, are read, deleted and removed', async () => {
    const { userId, token } = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    await insertMany(userId, 25);
    await insertMany(other.userId, 3);
    expect(await listed(token)).toEqual({ total: 26, unread: 26 });

    await t.db.execute(sql`UPDATE informs SET read_at = now() WHERE user_id = ${userId} AND id % 2 = 0`);
    const ids = (await t.request({ method: 'GET', url: '/api/system/inform/getAllInform?pageSize=3', token }))
      .json()
      .data.rows.map((row: { informId: string }) => row.informId);
    await t.request({ method: 'PUT', url: '/api/system/inform/deleteInform', token, payload: { informIds: ids } });
    // A hard delete, and a change that moves nothing (read again, already deleted).
    await t.db.execute(sql`DELETE FROM informs WHERE id = (SELECT min(id) FROM informs WHERE user_id = ${userId})`);
    await t.db.execute(sql`UPDATE informs SET read_at = now() WHERE user_id = ${userId} AND deleted_at IS NOT NULL`);

    expect(await listed(token)).toEqual(await recount(userId));
    expect(await listed(token, '?pageNum=50')).toEqual(await recount(userId));
    expect(await listed(other.token)).toEqual(await recount(other.userId));
    // Folding the recorded changes into the counts (every minute) changes nothing a reader sees.
    await t.app.scheduler.tick();
    expect(await queryRows(t.db, sql`SELECT 1 FROM inform_count_changes WHERE user_id = ${userId}`)).toEqual([]);
    expect(await listed(token)).toEqual(await recount(userId));

    await t.request({ method: 'PUT', url: '/api/system/inform/updateInform', token, payload: { all: true } });
    expect(await listed(token)).toEqual({ ...(await recount(userId)), unread: 0 });
  });

  it('go with the user', async () => {
    const { userId } = await createSignedInUser(t);
    await insertMany(userId, 2);
    await t.app.scheduler.tick();
    await t.db.execute(sql`DELETE FROM users WHERE id = ${userId}`);
    await t.app.scheduler.tick();
    expect(await queryRows(t.db, sql`SELECT 1 FROM inform_counts WHERE user_id = ${userId}`)).toEqual([]);
    expect(await queryRows(t.db, sql`SELECT 1 FROM inform_count_changes WHERE user_id = ${userId}`)).toEqual([]);
  });
});

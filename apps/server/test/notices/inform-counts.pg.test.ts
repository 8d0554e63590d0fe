import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';

// Real PostgreSQL only: the count rows that triggers keep (migration 0007) must stay exact when transactions notify,
// read and delete at once; PGlite runs everything in order and cannot show it.
let t: TestApp;

async function recount(userId: UserId) {
  const [row] = await queryRows<{ total: number; unread: number }>(
    t.db,
    sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread
        FROM informs WHERE user_id = ${userId} AND deleted_at IS NULL`,
  );
  return row!;
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('notice counts under concurrency', () => {
  it('stay equal to the rows when many notices arrive and are read and deleted in parallel', async () => {
    const first = await createSignedInUser(t);
    const second = await createSignedInUser(t);
    const notify = (userId: typeof first.userId) =>
      inTransaction(t.db, async (tx) => {
        // Two users in one transaction, in either order, as a batch job's row might notify an inviter and a friend.
        await t.services.notices.notifyUser(tx, { userId, kind: 'welcome', params: {} });
        await t.services.notices.notifyUser(tx, {
          userId: userId === first.userId ? second.userId : first.userId,
          kind: 'welcome',
          params: {},
        });
      });
    const markAll = (token: string) =>
      t.request({ method: 'PUT', url: '/api/system/inform/updateInform', token, payload: { all: true } });
    // The fold job runs among them, as it would every minute.
    await Promise.all([
      ...Array.from({ length: 20 }, (_, index) => notify(index % 2 === 0 ? first.userId : second.userId)),
      markAll(first.token),
      markAll(second.token),
      t.app.scheduler.tick(),
    ]);
    await t.request({
      method: 'PUT',
      url: '/api/system/inform/deleteInform',
      token: first.token,
      payload: { all: true },
    });

    for (const user of [first, second]) {
      const listed = await t.request({ method: 'GET', url: '/api/system/inform/getAllInform', token: user.token });
      const { total, unread } = listed.json().data;
      expect({ total, unread }).toEqual(await recount(user.userId));
    }
    expect(await recount(second.userId)).toMatchObject({ total: 21 });
  });
});

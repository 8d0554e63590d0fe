import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { recordEvent } from '../../src/events/index.js';
import { replayFrom } from '../../src/events/operations.queries.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { queryRows } from '../../src/db/sql.js';
import { sql } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function contents(token: string, locale: 'zh-CN' | 'en-US') {
  const url = '/api/system/inform/getAllInform?pageSize=50';
  const response = await t.request({ method: 'GET', url, token, locale });
  return (response.json().data.rows as { kind: string; content: string }[]).filter((row) => row.kind !== 'welcome');
}

describe("other modules' facts", () => {
  it('reach their user as a notice in either language once handled, and once only when an operator replays them', async () => {
    const { userId, token } = await createSignedInUser(t);
    await inTransaction(t.db, (tx) =>
      recordEvent(tx, {
        type: 'disk.arrears',
        subject: 'application:77',
        payload: { userId: String(userId), applicationId: '77', appName: 'notebook', arrears: '123400' },
        at: t.clock.now(),
      }),
    );
    expect(await contents(token, 'en-US')).toEqual([]);

    await t.app.scheduler.tick();
    expect((await contents(token, 'en-US')).map((row) => row.content)).toEqual([
      expect.stringMatching(/notebook.*12\.34/),
    ]);
    expect((await contents(token, 'zh-CN')).map((row) => row.content)).toEqual([expect.stringContaining('12.34')]);

    const [event] = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id::text FROM events WHERE subject = 'application:77'`,
    );
    await inTransaction(t.db, (tx) => replayFrom(tx, 'notices.inform', BigInt(event!.id)));
    await t.app.scheduler.tick();
    expect(await contents(token, 'en-US')).toHaveLength(1);
  });
});

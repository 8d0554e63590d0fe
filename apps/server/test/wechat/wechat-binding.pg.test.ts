import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createUser } from '../helpers/factories.js';

// Real PostgreSQL only: two transactions racing for one openId (ARCHITECTURE §4).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('two users binding one WeChat at the same moment', () => {
  it('lets one win and gives the other "bound to another user" from the unique index', async () => {
    const { db } = t;
    const accounts = t.services.wechat;
    const [first, second] = [await createUser(t), await createUser(t)];
    const identity = { openId: 'o-race', nickName: null };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));

    // The first binding stays uncommitted, so the second passes its check and then waits on the unique index.
    const winner = inTransaction(db, async (tx) => {
      await accounts.bindIdentity(tx, first, identity);
      await held;
    });
    const loser = inTransaction(db, (tx) => accounts.bindIdentity(tx, second, identity));
    const loserResult = loser.then(
      () => null,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await winner;

    expect(await loserResult).toMatchObject({ status: 409, options: { messageKey: 'wechat.boundToAnother' } });
    const rows = await queryRows<{ id: string }>(db, sql`SELECT id::text FROM users WHERE wechat_open_id = 'o-race'`);
    expect(rows).toEqual([{ id: String(first) }]);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { asUserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { databaseBefore } from '../helpers/migration-database.js';
import { invitedList } from './invite-helpers.js';

const MIGRATION = '0047_create_invites';

let t: TestApp;
afterAll(() => t.close());

const insertUser = async (db: Database['db'], values: { nickName: string; phone: string; inviterId?: string }) => {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO users (nick_name, phone, inviter_id, created_at)
        VALUES (${values.nickName}, ${values.phone}, ${values.inviterId ?? null}, '2026-11-01T08:00:00Z')
        RETURNING id::text`,
  );
  return row!.id;
};

describe('the invites migration', () => {
  it('lists the friends who registered with a code before registrations were events', async () => {
    const testDatabase = await databaseBefore(MIGRATION);
    const db = testDatabase.database.db;
    const inviterId = await insertUser(db, { nickName: 'inviter', phone: '13800000001' });
    await insertUser(db, { nickName: 'early friend', phone: '13800000002', inviterId });
    await insertUser(db, { nickName: 'stranger', phone: '13800000003' });
    expect(await testDatabase.migrateRest()).toContain(MIGRATION);
    t = await buildTestApp({}, { testDatabase });

    const { token } = await t.services.sessions.create(t.db, asUserId(BigInt(inviterId)));
    const list = await invitedList(t, token);
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ nickName: 'early friend', registerTime: '2026-11-01T08:00:00.000Z' });
  });
});

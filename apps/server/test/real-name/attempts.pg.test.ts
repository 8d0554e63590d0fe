import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { verify } from './real-name-helpers.js';
import { validIdNumber, withWrongCheck } from './real-name-ids.js';

// Real PostgreSQL only: PGlite runs one statement at a time and cannot show a race (ARCHITECTURE §4).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const attemptsOf = async (userId: bigint) =>
  (
    await queryRows<{ count: string }>(
      t.db,
      sql`SELECT count(*)::text AS count FROM real_name_attempts WHERE user_id = ${userId}`,
    )
  )[0]!.count;

describe('parallel real-name attempts of one user', () => {
  it('record exactly 3 of 5 wrong attempts and refuse the other 2', async () => {
    const user = await createSignedInUser(t);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => verify(t, user.token, '张三', withWrongCheck(validIdNumber()))),
    );
    const keys = responses.map((response) => response.json().msg as string);
    expect(responses.every((response) => response.statusCode === 422)).toBe(true);
    expect(keys.filter((msg) => msg.startsWith('姓名与身份证号不一致'))).toHaveLength(3);
    expect(keys.filter((msg) => msg.startsWith('24 小时内最多可认证 3 次'))).toHaveLength(2);
    expect(await attemptsOf(user.userId)).toBe('3');
  });

  it('verify a user once when 5 correct attempts arrive together', async () => {
    const user = await createSignedInUser(t);
    const id = validIdNumber();
    const responses = await Promise.all(Array.from({ length: 5 }, () => verify(t, user.token, '张三', id)));
    // The losers are refused as already verified, or as over the limit when they came before the winner finished.
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => [200, 409, 422].includes(status))).toBe(true);
    expect(Number(await attemptsOf(user.userId))).toBeLessThanOrEqual(3);
    const records = await queryRows(t.db, sql`SELECT 1 FROM real_name_records WHERE user_id = ${user.userId}`);
    expect(records).toHaveLength(1);
  });
});

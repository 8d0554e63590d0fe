import { createHash } from 'node:crypto';
import { signRequest } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { queryRows } from '../../src/db/sql.js';
import { loggerOptions } from '../../src/http/logger.js';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { buildTestApp, testConfig, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { rewardGate, statusOf, verify } from './real-name-helpers.js';
import { validIdNumber, withWrongCheck } from './real-name-ids.js';

let t: TestApp;
let clock: AdjustableClock;
beforeAll(async () => {
  t = await buildTestApp();
  clock = t.clock as AdjustableClock;
});
afterAll(() => t.close());

const signedIn = () => createSignedInUser(t);

describe('real-name verification with the sandbox provider', () => {
  it("passes a well-formed name and ID number, and opens /reward's gate", async () => {
    const user = await signedIn();
    const id = validIdNumber('19850612', '440305');
    expect(await rewardGate(t, user.token)).toBe('0');
    const response = await verify(t, user.token, '张三丰', id);
    expect(response.json()).toMatchObject({
      code: 200,
      data: { status: '1', realName: '张*丰', idCard: `4403**********${id.slice(-4)}`, sandbox: true },
    });
    expect(await rewardGate(t, user.token)).toBe('1');
    expect(await t.services.realName.isVerified(user.userId)).toBe(true);
  });

  it('answers the masked record, never the number, in every later response', async () => {
    const user = await signedIn();
    const id = validIdNumber();
    const first = await verify(t, user.token, '李四', id);
    const status = await statusOf(t, user.token);
    const again = await verify(t, user.token, '李四', id);
    expect(status.json().data).toMatchObject({ status: '1', realName: '李*', idCard: `1101**********${id.slice(-4)}` });
    expect(again.statusCode).toBe(409);
    for (const response of [first, status, again]) {
      expect(response.body).not.toContain(id);
      expect(response.body).not.toContain(id.slice(4, 14));
      expect(response.body).not.toContain('李四');
    }
  });

  it('stores the name and number encrypted, with a keyed hash that is not a plain digest', async () => {
    const user = await signedIn();
    const id = validIdNumber();
    await verify(t, user.token, '王小明', id);
    const rows = await queryRows<Record<string, unknown>>(
      t.db,
      sql`SELECT * FROM real_name_records WHERE user_id = ${user.userId}`,
    );
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0], (_key, value: unknown) =>
      typeof value === 'bigint' ? String(value) : value,
    );
    expect(stored).not.toContain(id);
    expect(stored).not.toContain(id.slice(6, 14));
    expect(stored).not.toContain('王小明');
    expect(rows[0]).toMatchObject({ provider: 'sandbox' });
    expect(String(rows[0]!.id_number_encrypted)).toMatch(/^[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    expect(rows[0]!.id_number_hash).not.toBe(createHash('sha256').update(id).digest('hex'));
  });

  it('refuses a wrong check character as a mismatch, telling the attempts left in the caller language', async () => {
    const user = await signedIn();
    const zh = await verify(t, user.token, '张三', withWrongCheck(validIdNumber()));
    expect(zh.statusCode).toBe(422);
    expect(zh.json().msg).toBe('姓名与身份证号不一致，24 小时内还可尝试 2 次');
    const en = await verify(t, user.token, '张三', withWrongCheck(validIdNumber()), 'en-US');
    expect(en.json().msg).toBe('The name and ID number do not match; 1 attempt(s) left in 24 hours');
    expect((await statusOf(t, user.token)).json().data).toMatchObject({ status: '0', attemptsLeft: 1, idCard: null });
    expect(await rewardGate(t, user.token)).toBe('0');
  });

  it('refuses an impossible birth date, a future one and a name of digits', async () => {
    const user = await signedIn();
    for (const [name, id] of [
      ['张三', validIdNumber('19900230')],
      ['张三', validIdNumber('20990101')],
      ['12345', validIdNumber()],
    ] as const) {
      expect((await verify(t, user.token, name, id)).json()).toMatchObject({ code: 422 });
    }
  });

  it('refuses the fourth attempt in 24 hours, and allows one again when the first attempt is a day old', async () => {
    const user = await signedIn();
    await verify(t, user.token, '赵六', withWrongCheck(validIdNumber()));
    clock.advance(60);
    await verify(t, user.token, '赵六', withWrongCheck(validIdNumber()));
    const third = await verify(t, user.token, '赵六', withWrongCheck(validIdNumber()), 'en-US');
    expect(third.json().msg).toMatch(/^The name and ID number do not match; no attempts are left in 24 hours/);

    const fourth = await verify(t, user.token, '赵六', validIdNumber(), 'en-US');
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().msg).toMatch(
      /^At most 3 verification attempts are allowed per 24 hours; please try again after \d{4}-\d\d-\d\d \d\d:\d\d$/,
    );
    expect((await statusOf(t, user.token)).json().data.attemptsLeft).toBe(0);

    clock.advance(23 * 60 - 1);
    expect((await verify(t, user.token, '赵六', validIdNumber())).statusCode).toBe(422);
    clock.advance(2);
    expect((await verify(t, user.token, '赵六', validIdNumber())).json()).toMatchObject({ data: { status: '1' } });
  });

  it('refuses a number another user already verified, with 409', async () => {
    const id = validIdNumber();
    const owner = await signedIn();
    await verify(t, owner.token, '钱七', id);
    const other = await signedIn();
    const response = await verify(t, other.token, '钱七', id, 'en-US');
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe('This ID number has already been verified by another account');
    expect(await rewardGate(t, other.token)).toBe('0');
  });

  it('refuses a second verification of a verified user with 409', async () => {
    const user = await signedIn();
    await verify(t, user.token, '孙八', validIdNumber());
    const response = await verify(t, user.token, '孙八', validIdNumber(), 'en-US');
    expect(response.json()).toMatchObject({ code: 409, msg: 'You have already completed real-name verification' });
  });

  it('accepts a lower-case x check character and a minority name with a middle dot', async () => {
    let id = validIdNumber();
    while (!id.endsWith('X')) {
      id = validIdNumber();
    }
    const user = await signedIn();
    const response = await verify(t, user.token, '阿依古丽·买买提', id.toLowerCase());
    expect(response.json()).toMatchObject({
      code: 200,
      data: { realName: '阿******提', idCard: `1101**********${id.slice(-4)}` },
    });
  });

  it('answers 400 naming the field for a malformed number and 401 without a token', async () => {
    const user = await signedIn();
    const response = await verify(t, user.token, '张三', '12345');
    expect(response.json()).toMatchObject({ code: 400, data: { field: 'idCard' } });
    expect((await t.request({ method: 'PUT', url: '/api/auth/user/upVerified' })).statusCode).toBe(401);
  });
});

describe('the request log', () => {
  it('never holds the name or the ID number, even though they travel in the query string', async () => {
    const lines: string[] = [];
    const config = await testConfig({ LOG_LEVEL: 'info' });
    const logger = { ...(loggerOptions('info') as object), stream: { write: (line: string) => lines.push(line) } };
    const app = await buildApp({ config, database: t.testDatabase.database, clock, logger });
    try {
      const user = await signedIn();
      const id = validIdNumber();
      for (const idCard of [id, withWrongCheck(validIdNumber())]) {
        const path = '/auth/realNameAuth2';
        const response = await app.inject({
          method: 'POST',
          url: `/api${path}?${new URLSearchParams({ realName: '周九', idCard })}`,
          headers: { sn: signRequest(path, Date.now()), authorization: `Bearer ${user.token}` },
        });
        expect(response.statusCode).toBeLessThan(500);
      }
      const log = lines.join('\n');
      expect(log).toContain('/api/auth/realNameAuth2');
      expect(log).not.toContain(id.slice(6, 14));
      expect(log).not.toContain(encodeURIComponent('周九'));
      expect(log).not.toContain('周九');
    } finally {
      await app.close();
    }
  });
});

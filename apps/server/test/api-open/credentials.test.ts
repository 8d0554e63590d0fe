import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { AdjustableClock, FixedClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { createKey, keysOf, newKey, revokeKey, rotateKey } from './api-open-helpers.js';

// 12:00 in Shanghai (TZ_BUSINESS), so that "today" is 2026-07-01 there.
let t: TestApp;
beforeAll(async () => {
  const clock = new AdjustableClock(new FixedClock(new Date('2026-07-01T04:00:00Z')));
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' }, { clock });
});
afterAll(() => t.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('API keys', () => {
  it('are shown once when made, and stored only as their hash and first characters', async () => {
    const { userId, token } = await createSignedInUser(t);
    const made = await newKey(t, token, 'render farm');
    expect(made.key).toMatch(/^sk-[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.key.slice(0, 9));
    expect(made.expireTime).toBeNull();

    const rows = await queryRows<Record<string, unknown>>(
      t.db,
      sql`SELECT * FROM api_credentials WHERE user_id = ${userId}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_hash).toBe(sha256(made.key));
    expect(Object.values(rows[0]!).map(String).join(' ')).not.toContain(made.key.slice(9));

    const [listed] = await keysOf(t, token);
    expect(listed).toMatchObject({ credentialId: made.credentialId, name: 'render farm', prefix: made.prefix });
    expect(listed).not.toHaveProperty('key');
    expect(JSON.stringify(listed)).not.toContain(made.key.slice(9));
  });

  it("are the owner's own: another user can neither see, rotate nor revoke them", async () => {
    const owner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const made = await newKey(t, owner.token);
    expect(await keysOf(t, other.token)).toEqual([]);
    const rotated = await rotateKey(t, other.token, made.credentialId);
    expect(rotated.statusCode).toBe(404);
    expect(rotated.json().msg).toBe(`API key ${made.credentialId} was not found`);
    expect((await revokeKey(t, other.token, made.credentialId)).statusCode).toBe(404);
    expect(await keysOf(t, owner.token)).toHaveLength(1);
  });

  it("take an optional last day, which cannot be before today, and refuse a bad name in the caller's language", async () => {
    const { token } = await createSignedInUser(t);
    const dated = await createKey(t, token, { name: 'ci', expireDate: '2026-07-01' });
    expect(dated.statusCode).toBe(200);
    // The end of 1 July in Shanghai.
    expect(dated.json().data.expireTime).toBe('2026-07-01T16:00:00.000Z');

    const past = await createKey(t, token, { name: 'ci', expireDate: '2026-06-30' });
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({
      msg: 'The last day of a key cannot be before today',
      data: { field: 'expireDate' },
    });

    const unnamed = await createKey(t, token, { name: '  ' }, 'zh-CN');
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().msg).toContain('请输入 1 到 40 个字符的密钥名称');
    const longName = await createKey(t, token, { name: 'x'.repeat(41) });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().msg).toContain('Enter a key name of 1 to 40 characters');
  });

  it('rotate to a new key shown once, and revoke out of the list', async () => {
    const { token } = await createSignedInUser(t);
    const made = await newKey(t, token);
    const rotated = await rotateKey(t, token, made.credentialId);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().data;
    expect(fresh.credentialId).toBe(made.credentialId);
    expect(fresh.key).not.toBe(made.key);
    expect(fresh.rotateTime).toBe(t.clock.now().toISOString());

    const revoked = await revokeKey(t, token, made.credentialId);
    expect(revoked.statusCode).toBe(200);
    expect(await keysOf(t, token)).toEqual([]);
    expect((await revokeKey(t, token, made.credentialId)).statusCode).toBe(404);
    expect((await rotateKey(t, token, made.credentialId)).statusCode).toBe(404);
  });

  it('are at most 20 per user', async () => {
    const { token } = await createSignedInUser(t);
    for (let index = 0; index < 20; index += 1) {
      await newKey(t, token, `key ${index}`);
    }
    const one = await createKey(t, token, { name: 'one more' });
    expect(one.statusCode).toBe(422);
    expect(one.json().msg).toBe('You can hold at most 20 API keys; revoke one first');
  });
});

describe('the OpenAPI document', () => {
  it("describes the calls a key makes through the gateway, and the key calls' own endpoints", async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = answer.json() as {
      paths: Record<string, Record<string, { tags: string[]; security?: object[]; responses: object }>>;
    };
    const gateway = document.paths['/gateway/{applicationId}/{path}']!;
    expect(Object.keys(gateway).sort()).toEqual(['delete', 'get', 'post', 'put']);
    expect(gateway.post!.tags).toEqual(['apiGateway']);
    expect(gateway.post!.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(gateway.post!.responses)).toEqual(expect.arrayContaining(['200', '401', '402', '429']));
    expect(document.paths['/api/system/userApiCredentials/create']?.post?.tags).toEqual(['apiOpen']);
  });
});

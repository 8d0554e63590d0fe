import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const userInfo = (token: string, locale?: 'zh-CN' | 'en-US') =>
  t.request({ method: 'GET', url: '/api/auth/user/getUserInfo', token, locale });
const rename = (token: string, nickName: string) =>
  t.request({ method: 'PUT', url: `/api/auth/user/updateNickName?nickName=${encodeURIComponent(nickName)}`, token });

const BASE_PERMISSIONS = ['application', 'image', 'storage', 'wallet', 'invoice', 'invite', 'api', 'user'];
const ALL_ACTIONS = ['query', 'add', 'edit', 'delete', 'export'];

describe('the current user', () => {
  it('shows a plain user with the user role, its permissions, VIP 0 and masked contacts', async () => {
    const { userId, token } = await createSignedInUser(t, {
      phone: '13812345678',
      email: 'dora@example.com',
    });
    const response = await userInfo(token);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      userId: String(userId),
      nickName: '用户5678',
      avatarUrl: null,
      phone: '138****5678',
      email: 'd***@example.com',
      roles: [{ roleKey: 'user', roleName: '普通用户' }],
      education: false,
      vip: { vipGrade: 0, growthValue: 0, growthTarget: 300, discountBasisPoints: 10_000 },
      hasPassword: false,
      wechatBound: false,
      verifiedStatus: '0',
    });
    expect(data.invitationCode).toMatch(/^[0-9A-F]{8}$/);
    expect(new Date(data.createTime).toISOString()).toBe(data.createTime);
    expect(data.permissions.map((entry: { permissionId: string }) => entry.permissionId)).toEqual(BASE_PERMISSIONS);
    for (const entry of data.permissions) {
      expect(entry.actionList).toEqual(ALL_ACTIONS);
    }
    expect(JSON.stringify(data)).not.toContain('13812345678');
  });

  it('names roles in the caller language', async () => {
    const { token } = await createSignedInUser(t);
    expect((await userInfo(token, 'en-US')).json().data.roles).toEqual([{ roleKey: 'user', roleName: 'User' }]);
  });

  it('sets the education flag when the user holds the education role', async () => {
    const { userId, token } = await createSignedInUser(t);
    await t.db.execute(sql`INSERT INTO user_roles (user_id, role_key) VALUES (${userId}, 'education')`);
    const data = (await userInfo(token)).json().data;
    expect(data.education).toBe(true);
    expect(data.roles.map((role: { roleKey: string }) => role.roleKey).sort()).toEqual(['education', 'user']);
  });

  it('unites the actions of every role the user holds, per permission', async () => {
    const { userId, token } = await createSignedInUser(t);
    await t.db.execute(
      sql`INSERT INTO user_roles (user_id, role_key) VALUES (${userId}, 'kol'), (${userId}, 'creator')`,
    );
    const permissions = async () => (await userInfo(token)).json().data.permissions;
    const reward = async () =>
      (await permissions()).find((entry: { permissionId: string }) => entry.permissionId === 'reward');
    expect(await reward()).toEqual({ permissionId: 'reward', actionList: ['query', 'add', 'edit'] });
    expect((await permissions()).some((entry: { permissionId: string }) => entry.permissionId === 'admin')).toBe(false);

    // The server remembers what each role may do; a change reaches it without a restart.
    await t.db.execute(sql`UPDATE role_permissions SET actions = ARRAY['export', 'query']
      WHERE role_key = 'creator' AND permission_id = 'reward'`);
    await expect
      .poll(reward, { timeout: 2_000 })
      .toEqual({ permissionId: 'reward', actionList: ['query', 'add', 'edit', 'export'] });
  });

  it('reports a password, a WeChat binding and real-name verification once they exist', async () => {
    const { userId, token } = await createSignedInUser(t, { passwordHash: 'argon2-hash' });
    await t.db.execute(sql`UPDATE users SET wechat_open_id = ${`open-${userId}`}, real_name_verified_at = now()
      WHERE id = ${userId}`);
    const data = (await userInfo(token)).json().data;
    expect(data).toMatchObject({ hasPassword: true, wechatBound: true, verifiedStatus: '1' });
    expect(JSON.stringify(data)).not.toContain('argon2-hash');
  });

  it('answers 401 without a token', async () => {
    const response = await t.request({ method: 'GET', url: '/api/auth/user/getUserInfo' });
    expect(response.statusCode).toBe(401);
  });
});

describe('VIP information', () => {
  const cases = [
    { grade: 0, target: 300, discount: 10_000 },
    { grade: 1, target: 3_000, discount: 9_800 },
    { grade: 2, target: 10_000, discount: 9_500 },
    { grade: 3, target: 10_000, discount: 9_000 },
  ];

  it.each(cases)('gives grade $grade a growth target of $target and a discount of $discount', async (expected) => {
    const { userId, token } = await createSignedInUser(t);
    await t.db.execute(sql`UPDATE users SET vip_grade = ${expected.grade}, growth_value = 120 WHERE id = ${userId}`);
    const vip = {
      vipGrade: expected.grade,
      growthValue: 120,
      growthTarget: expected.target,
      discountBasisPoints: expected.discount,
    };
    const selectVip = await t.request({ method: 'GET', url: '/api/recharge/vip/selectVip', token });
    expect(selectVip.json().data).toMatchObject(vip);
    expect((await userInfo(token)).json().data.vip).toEqual(vip);
  });
});

describe('renaming', () => {
  it('saves a trimmed nickname and answers it', async () => {
    const { token } = await createSignedInUser(t);
    const response = await rename(token, '  算力 达人  ');
    expect(response.json()).toMatchObject({ code: 200, data: { nickName: '算力 达人' } });
    expect((await userInfo(token)).json().data.nickName).toBe('算力 达人');
  });

  it('accepts twenty characters and refuses twenty-one, naming the field', async () => {
    const { token } = await createSignedInUser(t);
    expect((await rename(token, '名'.repeat(20))).statusCode).toBe(200);
    const response = await rename(token, '名'.repeat(21));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, data: { field: 'nickName' } });
    expect(response.json().msg).toContain('昵称长度应为 1-20 个字符');
    expect((await userInfo(token)).json().data.nickName).toBe('名'.repeat(20));
  });

  it('refuses a nickname of only spaces', async () => {
    const { token } = await createSignedInUser(t);
    const response = await t.request({
      method: 'PUT',
      url: '/api/auth/user/updateNickName?nickName=%20%20',
      token,
      locale: 'en-US',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('A nickname has 1 to 20 characters');
  });
});

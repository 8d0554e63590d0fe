import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';

let t: TestApp;
let clock: AdjustableClock;
beforeAll(async () => {
  t = await buildTestApp();
  clock = t.clock as AdjustableClock;
});
afterAll(() => t.close());

interface Inform {
  informId: string;
  kind: string;
  title: string;
  content: string;
  read: boolean;
  createTime: string;
}

async function list(token: string, options: { locale?: 'zh-CN' | 'en-US'; query?: string } = {}) {
  const url = `/api/system/inform/getAllInform${options.query ?? ''}`;
  const response = await t.request({ method: 'GET', url, token, locale: options.locale });
  expect(response.statusCode).toBe(200);
  return response.json().data as { rows: Inform[]; total: number; unread: number };
}

const markRead = (token: string, payload: object) =>
  t.request({ method: 'PUT', url: '/api/system/inform/updateInform', token, payload });
const remove = (token: string, payload: object) =>
  t.request({ method: 'PUT', url: '/api/system/inform/deleteInform', token, payload });

/** A registered user who has already deleted the welcome notice, so a test sees only what it sends. */
async function userWithEmptyInbox() {
  const user = await createSignedInUser(t);
  expect((await remove(user.token, { all: true })).json().data).toEqual({ unread: 0 });
  return user;
}

async function userWithNotices(count: number) {
  const user = await userWithEmptyInbox();
  for (let index = 0; index < count; index += 1) {
    clock.advance(1);
    const params = { balance: `${index}.00` };
    await t.services.notices.notifyUser(t.db, { userId: user.userId, kind: 'lowBalance', params, at: clock.now() });
  }
  return user;
}

describe("a user's notices", () => {
  it('list a notice in the caller language with its parameters, unread', async () => {
    const { userId, token } = await userWithEmptyInbox();
    await t.services.notices.notifyUser(t.db, {
      userId: userId,
      kind: 'lowBalance',
      params: { balance: '3.50' },
      at: clock.now(),
    });
    const zh = await list(token);
    expect(zh).toMatchObject({ total: 1, unread: 1 });
    expect(zh.rows[0]).toMatchObject({ kind: 'lowBalance', title: '余额不足提醒', read: false });
    expect(zh.rows[0]!.content).toContain('您的账户余额仅剩 3.50 元');
    const en = await list(token, { locale: 'en-US' });
    expect(en.rows[0]).toMatchObject({ title: 'Low balance' });
    expect(en.rows[0]!.content).toContain('Your balance is down to 3.50 yuan.');
  });

  it('translate a reason as well as the text around it', async () => {
    const { userId, token } = await userWithEmptyInbox();
    await t.services.notices.notifyUser(t.db, {
      userId: userId,
      kind: 'applicationStopped',
      params: { appName: 'ComfyUI-1', reason: 'insufficientBalance' },
    });
    await t.services.notices.notifyUser(t.db, {
      userId: userId,
      kind: 'rewardGranted',
      params: { amount: '5.00', reason: 'inviteFirstApplication' },
    });
    const zh = await list(token);
    expect(zh.rows.map((row) => row.content).join('\n')).toContain('「ComfyUI-1」已停止，原因：余额不足');
    const en = await list(token, { locale: 'en-US' });
    expect(en.rows.map((row) => row.content).join('\n')).toContain(
      'You received a 5.00 yuan voucher (a friend created their first application)',
    );
  });

  it('greet a newly registered user', async () => {
    const { token } = await createSignedInUser(t);
    const { rows, unread } = await list(token, { locale: 'en-US' });
    expect(unread).toBe(1);
    expect(rows).toMatchObject([{ kind: 'welcome', title: 'Welcome to Suanli', read: false }]);
  });

  it('come newest first, a page at a time', async () => {
    const { token } = await userWithNotices(12);
    const first = await list(token);
    expect(first).toMatchObject({ total: 12, unread: 12 });
    expect(first.rows).toHaveLength(10);
    expect(first.rows[0]!.content).toContain('11.00');
    const second = await list(token, { query: '?pageNum=2&pageSize=10' });
    expect(second.rows.map((row) => row.content.match(/(\d+)\.00/)![1])).toEqual(['1', '0']);
    const small = await list(token, { query: '?pageNum=3&pageSize=5' });
    expect(small.rows).toHaveLength(2);
    const times = first.rows.map((row) => row.createTime);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuse a page size over 100', async () => {
    const { token } = await createSignedInUser(t);
    const url = '/api/system/inform/getAllInform?pageSize=101';
    expect((await t.request({ method: 'GET', url, token })).json()).toMatchObject({
      code: 400,
      data: { field: 'pageSize' },
    });
  });

  it('mark the given notices read and answer the new unread count', async () => {
    const { token } = await userWithNotices(3);
    const [newest, middle] = (await list(token)).rows;
    const response = await markRead(token, { informIds: [newest!.informId, middle!.informId] });
    expect(response.json()).toMatchObject({ code: 200, data: { unread: 1 } });
    const after = await list(token);
    expect(after.rows.map((row) => row.read)).toEqual([true, true, false]);
    expect(after.unread).toBe(1);
  });

  it('mark every notice read at once', async () => {
    const { token } = await userWithNotices(3);
    expect((await markRead(token, { all: true })).json().data).toEqual({ unread: 0 });
    expect((await list(token)).rows.every((row) => row.read)).toBe(true);
  });

  it('delete the given notices, or all of them', async () => {
    const { token } = await userWithNotices(3);
    const [newest] = (await list(token)).rows;
    expect((await remove(token, { informIds: [newest!.informId] })).json().data).toEqual({ unread: 2 });
    const after = await list(token);
    expect(after.total).toBe(2);
    expect(after.rows.map((row) => row.informId)).not.toContain(newest!.informId);
    expect((await remove(token, { all: true })).json().data).toEqual({ unread: 0 });
    expect(await list(token)).toMatchObject({ rows: [], total: 0, unread: 0 });
  });

  it("leave another user's notices unchanged when their ids are sent", async () => {
    const owner = await userWithNotices(2);
    const other = await userWithNotices(1);
    const ids = (await list(owner.token)).rows.map((row) => row.informId);
    expect((await markRead(other.token, { informIds: ids })).json().data).toEqual({ unread: 1 });
    expect((await remove(other.token, { informIds: ids })).json().data).toEqual({ unread: 1 });
    expect(await list(owner.token)).toMatchObject({ total: 2, unread: 2 });
    expect(await list(other.token)).toMatchObject({ total: 1, unread: 1 });
  });

  it('refuse a change that names neither ids nor all', async () => {
    const { token } = await createSignedInUser(t);
    const response = await markRead(token, {});
    expect(response.json()).toMatchObject({ code: 400, msg: '请选择要处理的消息', data: { field: 'informIds' } });
    expect((await markRead(token, { informIds: ['1; DROP TABLE informs'] })).statusCode).toBe(400);
  });

  it('are only for a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/system/inform/getAllInform' })).statusCode).toBe(401);
  });
});

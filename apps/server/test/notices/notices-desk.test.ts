import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';

// Support operators write platform notices through the real app: scheduled on the business clock, shown to users from
// their time, rewritten only before it, withdrawn from every user's list; each change audited with its reason.
let t: TestApp;
let clock: AdjustableClock;
let support: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await buildTestApp();
  clock = t.clock as AdjustableClock;
  support = await createOperator(t, ['support']);
});
afterAll(() => t.close());

const inMinutes = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString();

const NOTICE = {
  titleZh: '今晚维护',
  titleEn: 'Maintenance tonight',
  contentZh: '今晚 22:00 至 23:00 维护。',
  contentEn: 'Maintenance from 22:00 to 23:00 tonight.',
};

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, locale: 'en-US' | 'zh-CN' = 'en-US') =>
  t.request({ method, url: `/api/admin/support/notices${url}`, token: support.token, locale, payload });

const create = (body: object, locale?: 'en-US' | 'zh-CN') => admin('POST', '', { reason: 'announce', ...body }, locale);

const userTitles = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/system/notice/getNoticeUser?pageSize=100', token, locale: 'en-US' }))
    .json()
    .data.rows.map((row: { title: string }) => row.title) as string[];

const adminRow = async (id: string, status?: string) =>
  (await admin('GET', `?pageSize=100${status ? `&status=${status}` : ''}`))
    .json()
    .data.rows.find((row: { id: string }) => row.id === id);

describe('platform notices on the support desk', () => {
  it('are scheduled, reach users at their time, and leave every list when withdrawn, audited', async () => {
    const user = await createSignedInUser(t);
    const titleEn = `Scheduled ${Date.now()}`;
    const created = await create({ ...NOTICE, titleEn, publishTime: inMinutes(30) });
    expect(created.statusCode).toBe(200);
    const notice = created.json().data;
    expect(notice).toMatchObject({ ...NOTICE, titleEn, status: 'scheduled', withdrawnAt: null, version: 1 });
    expect(await userTitles(user.token)).not.toContain(titleEn);
    expect(await adminRow(notice.id, 'scheduled')).toMatchObject({ status: 'scheduled' });

    clock.advance(31);
    expect(await userTitles(user.token)).toContain(titleEn);
    expect(await adminRow(notice.id, 'published')).toMatchObject({ status: 'published' });
    expect(await adminRow(notice.id, 'scheduled')).toBeUndefined();

    const withdrawn = await admin('POST', `/${notice.id}/withdraw`, { version: 1, reason: 'wrong date' });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ status: 'withdrawn', version: 2 });
    await expect.poll(() => userTitles(user.token)).not.toContain(titleEn);
    const popup = await t.request({ method: 'GET', url: '/api/system/notice/getNewNotice', token: user.token });
    expect(popup.json().data?.noticeId).not.toBe(notice.id);
    const read = await t.request({
      method: 'POST',
      url: '/api/system/notice/createNoticeUser',
      token: user.token,
      payload: { noticeId: notice.id },
    });
    expect(read.statusCode).toBe(404);
    expect(await adminRow(notice.id, 'withdrawn')).toMatchObject({ status: 'withdrawn' });

    const again = await admin('POST', `/${notice.id}/withdraw`, { version: 2, reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(`Notice ${notice.id} was already withdrawn`);

    const audits = (await auditRowsOf(t, support.userId)).filter((row) => row.target === `notice:${notice.id}`);
    expect(audits).toEqual([
      expect.objectContaining({ area: 'support', action: 'notices.create', before: null, reason: 'announce' }),
      expect.objectContaining({
        action: 'notices.withdraw',
        before: expect.objectContaining({ status: 'published', version: 1 }),
        after: expect.objectContaining({ status: 'withdrawn', version: 2 }),
        reason: 'wrong date',
      }),
    ]);
  });

  it('publish at once without a time, and refuse a time already past naming publishTime', async () => {
    const user = await createSignedInUser(t);
    const now = await create({ ...NOTICE, titleEn: 'Right now' });
    expect(now.json().data).toMatchObject({ status: 'published' });
    expect(new Date(now.json().data.publishTime) <= clock.now()).toBe(true);
    await expect.poll(() => userTitles(user.token)).toContain('Right now');

    const past = await create({ ...NOTICE, publishTime: inMinutes(-5) });
    expect(past.statusCode).toBe(400);
    expect(past.json().data.field).toBe('publishTime');
    expect(past.json().msg).toContain('The publish time has passed');
    expect((await create({ ...NOTICE, publishTime: inMinutes(-5) }, 'zh-CN')).json().msg).toContain('发布时间已过');
  });

  it('are rewritten and rescheduled before they go out, never after, and a stale version answers 409', async () => {
    const notice = (await create({ ...NOTICE, publishTime: inMinutes(60) })).json().data;
    const edit = (body: object) => admin('PUT', `/${notice.id}`, { ...NOTICE, reason: 'typo', ...body });

    const edited = await edit({ titleEn: 'Maintenance tomorrow', publishTime: inMinutes(120), version: 1 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ titleEn: 'Maintenance tomorrow', status: 'scheduled', version: 2 });

    const stale = await edit({ titleEn: 'Lost change', version: 1, publishTime: inMinutes(90) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe(
      `Notice ${notice.id} was changed by another operator since you read it; reload it and try again`,
    );
    expect((await adminRow(notice.id)).titleEn).toBe('Maintenance tomorrow');

    clock.advance(121);
    const late = await edit({ version: 2, publishTime: inMinutes(30) });
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toContain('has already gone out or was withdrawn');
    expect((await admin('PUT', '/987654321', { ...NOTICE, version: 1, reason: 'x' })).statusCode).toBe(404);
  });

  it('withdraw a scheduled notice, which then never reaches users', async () => {
    const user = await createSignedInUser(t);
    const notice = (await create({ ...NOTICE, titleEn: 'Never shown', publishTime: inMinutes(10) })).json().data;
    expect((await admin('POST', `/${notice.id}/withdraw`, { version: 1, reason: 'cancelled' })).statusCode).toBe(200);
    clock.advance(11);
    expect(await userTitles(user.token)).not.toContain('Never shown');
    expect(await adminRow(notice.id)).toMatchObject({ status: 'withdrawn' });
  });

  it('page the list, newest publish time first, filtered by status', async () => {
    for (const minutes of [200, 300]) {
      await create({ ...NOTICE, titleEn: `Later ${minutes}`, publishTime: inMinutes(minutes) });
    }
    const page = (await admin('GET', '?pageSize=2&status=scheduled')).json().data;
    expect(page.rows.map((row: { titleEn: string }) => row.titleEn)).toEqual(['Later 300', 'Later 200']);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const all = (await admin('GET', '?pageSize=100')).json().data;
    expect(all.total).toBe(all.rows.length);
    expect(new Set(all.rows.map((row: { status: string }) => row.status))).toEqual(
      new Set(['scheduled', 'published', 'withdrawn']),
    );
  });

  it('name each field at fault in both languages', async () => {
    const cases = [
      { body: { ...NOTICE, titleZh: ' ' }, field: 'titleZh', en: 'Chinese title', zh: '中文标题' },
      { body: { ...NOTICE, titleEn: 'x'.repeat(101) }, field: 'titleEn', en: 'English title', zh: '英文标题' },
      { body: { ...NOTICE, contentZh: undefined }, field: 'contentZh', en: 'Chinese text', zh: '中文正文' },
      { body: { ...NOTICE, contentEn: '' }, field: 'contentEn', en: 'English text', zh: '英文正文' },
      { body: { ...NOTICE, publishTime: 'tomorrow' }, field: 'publishTime', en: 'publish time', zh: '发布时间' },
      { body: { ...NOTICE, reason: ' ' }, field: 'reason', en: 'reason', zh: '原因' },
    ];
    for (const { body, field, en, zh } of cases) {
      const english = await admin('POST', '', { reason: 'r', ...body });
      expect(english.statusCode, field).toBe(400);
      expect(english.json().data.field).toBe(field);
      expect(english.json().msg).toContain(en);
      expect((await admin('POST', '', { reason: 'r', ...body }, 'zh-CN')).json().msg).toContain(zh);
    }
    const notice = (await create({ ...NOTICE, publishTime: inMinutes(60) })).json().data;
    const noVersion = await admin('POST', `/${notice.id}/withdraw`, { reason: 'r' });
    expect(noVersion.json().data.field).toBe('version');
    expect(noVersion.json().msg).toContain('version of the notice');
    expect((await admin('POST', `/${notice.id}/withdraw`, { reason: 'r' }, 'zh-CN')).json().msg).toContain('公告版本');
    const badStatus = await admin('GET', '?status=gone');
    expect(badStatus.json().data.field).toBe('status');
    expect(badStatus.json().msg).toContain('scheduled, published or withdrawn');
  });

  it('are refused to operators without the support area', async () => {
    const fleet = await createOperator(t, ['fleet']);
    const answer = await t.request({ method: 'GET', url: '/api/admin/support/notices', token: fleet.token });
    expect(answer.statusCode).toBe(403);
  });
});

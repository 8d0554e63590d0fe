import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { seedDevelopmentData } from '../../src/seed.js';
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

// Tests write the row (operators use /admin/support/notices, notices-desk.test.ts) to give it any publish time.
async function publish(title: string, minutesFromNow = 0) {
  const at = new Date(clock.now().getTime() + minutesFromNow * 60_000);
  const [row] = await queryRows<{ id: bigint }>(
    t.db,
    sql`INSERT INTO notices (title_zh, title_en, content_zh, content_en, published_at)
        VALUES (${`${title}（中文）`}, ${title}, ${`${title} 正文`}, ${`${title} body`}, ${at}) RETURNING id`,
  );
  return String(row!.id);
}

const newNotice = async (token: string, locale?: 'en-US') =>
  (await t.request({ method: 'GET', url: '/api/system/notice/getNewNotice', token, locale })).json().data;
const markRead = (token: string, noticeId: string) =>
  t.request({ method: 'POST', url: '/api/system/notice/createNoticeUser', token, payload: { noticeId } });
const list = async (token: string, query = '', locale?: 'en-US') =>
  (await t.request({ method: 'GET', url: `/api/system/notice/getNoticeUser${query}`, token, locale })).json().data;

describe('platform notices', () => {
  it('show the newest notice once: until it is marked read, then nothing', async () => {
    clock.advance(60);
    await publish('Older');
    clock.advance(1);
    const newest = await publish('Maintenance tonight');
    const { token } = await createSignedInUser(t);
    expect(await newNotice(token)).toMatchObject({
      noticeId: newest,
      title: 'Maintenance tonight（中文）',
      read: false,
    });
    expect(await newNotice(token, 'en-US')).toMatchObject({
      title: 'Maintenance tonight',
      content: 'Maintenance tonight body',
    });
    expect((await markRead(token, newest)).json()).toMatchObject({ code: 200, data: null });
    expect(await newNotice(token)).toBeNull();
    expect((await markRead(token, newest)).statusCode).toBe(200);
  });

  it('show a notice published later even after an earlier one was read', async () => {
    clock.advance(60);
    const first = await publish('First');
    const { token } = await createSignedInUser(t);
    await markRead(token, first);
    clock.advance(1);
    const second = await publish('Second');
    expect((await newNotice(token)).noticeId).toBe(second);
  });

  it("keep one user's reading to that user", async () => {
    clock.advance(60);
    const notice = await publish('For everyone');
    const reader = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    await markRead(reader.token, notice);
    expect((await newNotice(other.token)).noticeId).toBe(notice);
  });

  it('list notices newest first in the caller language with their read flag, a page at a time', async () => {
    clock.advance(60);
    const older = await publish('List older');
    clock.advance(1);
    const newer = await publish('List newer');
    await publish('Scheduled for tomorrow', 24 * 60);
    const { token } = await createSignedInUser(t);
    await markRead(token, older);
    const page = await list(token, '?pageSize=2', 'en-US');
    expect(page.rows).toMatchObject([
      { noticeId: newer, title: 'List newer', content: 'List newer body', read: false },
      { noticeId: older, title: 'List older', read: true },
    ]);
    const all = await list(token, '?pageSize=100');
    expect(page.total).toBe(all.rows.length);
    expect(all.rows.map((row: { title: string }) => row.title)).not.toContain('Scheduled for tomorrow（中文）');
    expect((await list(token, '?pageNum=2&pageSize=2')).rows[0].noticeId).not.toBe(newer);
  });

  it('count in the total a notice written since, and a scheduled one once its time comes', async () => {
    const { token } = await createSignedInUser(t);
    const before = (await list(token)).total;
    await publish('Counted at once');
    await expect.poll(async () => (await list(token)).total).toBe(before + 1);
    await publish('Counted in ten minutes', 10);
    // Notifications arrive in order, so once this later one is counted the server has heard of the scheduled one too.
    await publish('Counted at once, again');
    await expect.poll(async () => (await list(token)).total).toBe(before + 2);
    clock.advance(10);
    expect((await list(token)).total).toBe(before + 3);
  });

  it('answer 404 when marking a notice that does not exist or is not yet published', async () => {
    const { token } = await createSignedInUser(t);
    const response = await markRead(token, '987654321');
    expect(response.json()).toMatchObject({ code: 404, msg: '公告不存在' });
    const scheduled = await publish('Not yet', 60);
    expect((await markRead(token, scheduled)).statusCode).toBe(404);
  });

  it('answer null when there is nothing new', async () => {
    const { token } = await createSignedInUser(t);
    for (const row of (await list(token, '?pageSize=100')).rows) {
      await markRead(token, row.noticeId);
    }
    expect(await newNotice(token)).toBeNull();
  });

  it('are seeded in both languages for development, once however often the seed runs', async () => {
    await seedDevelopmentData(t.db, t.services);
    await seedDevelopmentData(t.db, t.services);
    const rows = await queryRows<{ title_en: string }>(
      t.db,
      sql`SELECT title_en FROM notices WHERE title_en IN ('Suanli is live', 'New RTX 4090 capacity')`,
    );
    expect(rows.map((row) => row.title_en).sort()).toEqual(['New RTX 4090 capacity', 'Suanli is live']);
    const welcome = await queryRows(
      t.db,
      sql`SELECT 1 FROM informs JOIN users ON users.id = informs.user_id WHERE users.phone = '13800000000'`,
    );
    expect(welcome).toHaveLength(1);
  });
});

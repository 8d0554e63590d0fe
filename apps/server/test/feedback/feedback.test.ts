import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { adopt, PNG, sendFeedback, startFeedbackApp, uploadScreenshot } from './feedback-helpers.js';

// Feedback through the real app and the embedded object store: text and screenshots in, operators reading it, and
// adoption giving the author the gift voucher once.
let t: TestApp;
let cleanUp: () => Promise<void>;
let support: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  ({ t, cleanUp } = await startFeedbackApp());
  support = await createOperator(t, ['support']);
});
afterAll(() => cleanUp());

const listFeedback = async (state = 'submitted') =>
  (await t.request({ method: 'GET', url: `/api/admin/support/feedback?state=${state}`, token: support.token })).json()
    .data;

const vouchersOf = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/recharge/coupon/selectVoucher', token, locale: 'en-US' })).json().data;

describe('sending feedback', () => {
  it('keeps the text and up to three screenshots, which operators read through their links', async () => {
    const { token, userId } = await createSignedInUser(t);
    const keys = [await uploadScreenshot(t, token), await uploadScreenshot(t, token), await uploadScreenshot(t, token)];
    const sent = await sendFeedback(t, token, { content: '  The GPU list should sort by price  ', screenshots: keys });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().msg).toBe('Thank you for your feedback');
    const zh = await sendFeedback(t, token, { content: '没有截图也可以' }, 'zh-CN');
    expect(zh.json().msg).toBe('感谢您的反馈');

    const listed = await listFeedback();
    const mine = listed.rows.filter((row: { userId: string }) => row.userId === String(userId));
    expect(mine.map((row: { content: string }) => row.content)).toEqual([
      '没有截图也可以',
      'The GPU list should sort by price',
    ]);
    expect(mine[1]).toMatchObject({ id: sent.json().data.id, state: 'submitted', adoptedAt: null });
    expect(mine[1].screenshotUrls).toHaveLength(3);
    const read = await t.app.inject({ method: 'GET', url: mine[1].screenshotUrls[0] });
    expect(Buffer.compare(read.rawPayload, PNG)).toBe(0);
  });

  it('needs a login', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/system/feedback/addInfo',
      payload: { content: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('names the field at fault in the caller’s language', async () => {
    const { token } = await createSignedInUser(t);
    const key = await uploadScreenshot(t, token);
    const cases = [
      { payload: {}, field: 'content', en: 'Please describe your feedback', zh: '请填写反馈内容' },
      { payload: { content: '   ' }, field: 'content', en: 'Please describe your feedback', zh: '请填写反馈内容' },
      { payload: { content: 'x'.repeat(1001) }, field: 'content', en: 'at most 1000', zh: '最多 1000' },
      { payload: { content: 'ok', screenshots: 'a.png' }, field: 'screenshots', en: 'at most 3', zh: '最多上传 3' },
      {
        payload: { content: 'ok', screenshots: [key, key, key, key] },
        field: 'screenshots',
        en: 'Attach at most 3 screenshots',
        zh: '最多上传 3 张截图',
      },
    ];
    for (const { payload, field, en, zh } of cases) {
      const english = await sendFeedback(t, token, payload, 'en-US');
      expect(english.statusCode, JSON.stringify(payload)).toBe(400);
      expect(english.json().data.field).toBe(field);
      expect(english.json().msg).toContain(en);
      expect((await sendFeedback(t, token, payload, 'zh-CN')).json().msg).toContain(zh);
    }
  });

  it('takes only screenshots the caller uploaded, as if another user’s did not exist', async () => {
    const { token } = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const theirs = await uploadScreenshot(t, other.token);
    const made = theirs.replace(/\/[^/]+$/, '/00000000-0000-0000-0000-000000000000.png');
    const mine = await uploadScreenshot(t, token);
    for (const key of [theirs, made, `avatars/${mine.split('/')[1]}/x.png`, mine.replace('images/', 'images/../')]) {
      const response = await sendFeedback(t, token, { content: 'see the picture', screenshots: [mine, key] });
      expect(response.statusCode, key).toBe(404);
      expect(response.json().data.field).toBe('screenshots');
      expect(response.json().msg).toContain('was not found among your uploads');
    }
    const zh = await sendFeedback(t, token, { content: '看图', screenshots: [theirs] }, 'zh-CN');
    expect(zh.json().msg).toContain('未在您的上传中找到截图');
  });

  it('refuses and removes an upload whose bytes are not the picture it claims', async () => {
    const { token } = await createSignedInUser(t);
    const fake = await uploadScreenshot(t, token, Buffer.from('<html>not a picture</html>'), 'image/png');
    const response = await sendFeedback(t, token, { content: 'broken', screenshots: [fake] });
    expect(response.statusCode).toBe(422);
    expect(response.json().data.field).toBe('screenshots');
    expect(response.json().msg).toContain('is not a PNG, JPEG, WebP or GIF image');
    const again = await sendFeedback(t, token, { content: 'broken', screenshots: [fake] });
    expect(again.statusCode).toBe(404);
  });
});

describe('adopting feedback', () => {
  it('gives the author a 5-yuan gift voucher for 30 days and a notice, audited, and only once', async () => {
    const { token, userId } = await createSignedInUser(t);
    const id = (await sendFeedback(t, token, { content: 'Add an hourly price chart' })).json().data.id as string;

    const first = await adopt(t, support.token, id);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ id, state: 'adopted', amount: '5.00' });
    const vouchers = await vouchersOf(token);
    expect(vouchers.rows).toHaveLength(1);
    const [voucher] = vouchers.rows;
    expect(voucher).toMatchObject({
      id: first.json().data.voucherId,
      name: 'Adopted feedback gift',
      amount: '5.00',
      balance: '5.00',
      status: 'normal',
      source: 'feedback',
    });
    expect((Date.parse(voucher.expireTime) - Date.parse(voucher.effectiveTime)) / 86_400_000).toBe(30);
    const informs = await t.request({ method: 'GET', url: '/api/system/inform/getAllInform', token, locale: 'en-US' });
    expect(JSON.stringify(informs.json().data.rows)).toContain('your feedback was adopted');

    const second = await adopt(t, support.token, id);
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toContain(`Feedback ${id} was already adopted`);
    expect((await vouchersOf(token)).rows).toHaveLength(1);

    expect((await listFeedback('adopted')).rows.find((row: { id: string }) => row.id === id)).toMatchObject({
      state: 'adopted',
    });
    expect((await auditRowsOf(t, support.userId)).filter((row) => row.target === `feedback:${id}`)).toEqual([
      expect.objectContaining({
        area: 'support',
        action: 'feedback.adopt',
        before: { state: 'submitted' },
        after: { state: 'adopted', userId: String(userId), voucherId: voucher.id, amount: '5.00' },
        reason: 'a good idea we built',
      }),
    ]);
    const [row] = await queryRows<{ voucherId: string }>(
      t.db,
      sql`SELECT voucher_id::text AS "voucherId" FROM feedback WHERE id = ${BigInt(id)}`,
    );
    expect(row).toEqual({ voucherId: voucher.id });
  });

  it('is refused to operators without the support area, and answers 404 for unknown feedback', async () => {
    const { token } = await createSignedInUser(t);
    const id = (await sendFeedback(t, token, { content: 'idea' })).json().data.id as string;
    const finance = await createOperator(t, ['finance']);
    expect((await adopt(t, finance.token, id)).statusCode).toBe(403);
    expect((await adopt(t, token, id)).statusCode).toBe(403);
    const unknown = await adopt(t, support.token, '999999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().data.field).toBe('id');
    expect((await vouchersOf(token)).rows).toHaveLength(0);
  });
});

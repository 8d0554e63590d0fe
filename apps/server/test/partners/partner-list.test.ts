import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/build-test-app.js';
import { createOperator } from '../helpers/operators.js';
import { advanceClock, createPartner, invitee, partnersApp } from './partner-helpers.js';

// Review operators read the KOL and creator programme's partners through the real app: latest joined first, filtered
// by qualification, each with how many users they invited and why a revoked one was revoked.
let t: TestApp;
let review: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await partnersApp();
  review = await createOperator(t, ['review']);
});
afterAll(() => t.close());

const list = (query = '', locale: 'en-US' | 'zh-CN' = 'en-US') =>
  t.request({ method: 'GET', url: `/api/admin/review/partners${query}`, token: review.token, locale });
const rowOf = async (userId: bigint, query = '?pageSize=100') =>
  (await list(query)).json().data.rows.find((row: { userId: string }) => row.userId === String(userId));

describe('the partners list', () => {
  it('shows each partner, latest joined first, with their invitees and their qualification, filtered by it', async () => {
    const first = await createPartner(t);
    advanceClock(t, 1);
    const second = await createPartner(t);
    await invitee(t, first.code);
    await invitee(t, first.code);
    await t.drainEvents();

    const page = (await list('?pageSize=2')).json().data;
    expect(page.rows.map((row: { userId: string }) => row.userId)).toEqual([
      String(second.userId),
      String(first.userId),
    ]);
    expect(page.rows[1]).toMatchObject({ status: 'active', kolRatioBasisPoints: 1000, invitees: 2, revokedAt: null });

    const revoked = await t.request({
      method: 'POST',
      url: `/api/admin/review/partners/${first.userId}/revoke`,
      token: review.token,
      payload: { reason: 'fake invitees' },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await rowOf(first.userId, '?status=revoked&pageSize=100')).toMatchObject({
      status: 'revoked',
      revokedReason: 'fake invitees',
    });
    expect(await rowOf(first.userId, '?status=active&pageSize=100')).toBeUndefined();
    expect(await rowOf(second.userId, '?status=active&pageSize=100')).toMatchObject({ status: 'active', invitees: 0 });
  });

  it('names a wrong filter in both languages and is refused to other areas', async () => {
    const wrong = await list('?status=pending');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.field).toBe('status');
    expect(wrong.json().msg).toContain('active or revoked');
    expect((await list('?status=pending', 'zh-CN')).json().msg).toContain('资格状态');
    const support = await createOperator(t, ['support']);
    const refused = await t.request({ method: 'GET', url: '/api/admin/review/partners', token: support.token });
    expect(refused.statusCode).toBe(403);
  });
});

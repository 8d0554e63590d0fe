import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { fund } from '../helpers/wallets.js';

let t: TestApp;
let token: string;
let phone: string;
beforeAll(async () => {
  // A recharge on 1 March, then two transfers out on the 2nd (Beijing time).
  const clock = new FixedClock(new Date('2026-03-01T02:00:00Z'));
  t = await buildTestApp({}, { clock });
  const payer = await createSignedInUser(t);
  token = payer.token;
  phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await createSignedInUser(t, { phone });
  await fund(t, payer.userId, '100');
  for (const [day, amount] of [
    ['2026-03-02T03:00:00Z', '20'],
    ['2026-03-02T15:30:00Z', '5.5'],
  ] as const) {
    clock.set(new Date(day));
    await t.request({ method: 'POST', url: '/api/recharge/transfer', token, payload: { username: phone, amount } });
  }
});
afterAll(() => t.close());

const ledger = (query: string, locale?: 'en-US') =>
  t.request({ method: 'GET', url: `/api/recharge/order-info/selectIncomeExpense?${query}`, token, locale });

describe('income and expense', () => {
  it('lists the ledger newest first, each row with its direction, type, amount and the balance it left', async () => {
    const { data } = (await ledger('pageNum=1&pageSize=10')).json();
    expect(data.total).toBe(3);
    expect(
      data.rows.map((row: Record<string, string>) => [row.direction, row.transactionType, row.amount, row.balance]),
    ).toEqual([
      ['expense', 'transferOut', '5.50', '74.50'],
      ['expense', 'transferOut', '20.00', '80.00'],
      ['income', 'recharge', '100.00', '100.00'],
    ]);
    expect(data.rows[0].actualAmount).toBe('5.50');
  });

  it('pages on the server', async () => {
    const second = (await ledger('pageNum=2&pageSize=2')).json().data;
    expect(second.total).toBe(3);
    expect(second.rows.map((row: { transactionType: string }) => row.transactionType)).toEqual(['recharge']);
  });

  it('filters by direction, by type and by Beijing calendar days', async () => {
    expect((await ledger('direction=income')).json().data.total).toBe(1);
    expect((await ledger('transactionType=transferOut')).json().data.total).toBe(2);
    // 2026-03-02T15:30Z is 23:30 on the 2nd in Beijing; 03:00Z is 11:00 the same day.
    expect((await ledger('startDate=2026-03-02&endDate=2026-03-02')).json().data.total).toBe(2);
    expect((await ledger('startDate=2026-03-03')).json().data.total).toBe(0);
    expect((await ledger('endDate=2026-03-01')).json().data.total).toBe(1);
  });

  it('refuses a start after the end, and a date that is not one, naming the field', async () => {
    const reversed = await ledger('startDate=2026-03-03&endDate=2026-03-01', 'en-US');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toContain('The start date must not be later than the end date');
    expect(reversed.json().msg).toContain('startDate');

    const wrong = await ledger('startDate=2026-13-45', 'en-US');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toContain('startDate');
    expect((await ledger('transactionType=lottery', 'en-US')).statusCode).toBe(400);
  });
});

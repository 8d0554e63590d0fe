import { parseMoney, type Locale } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { fund } from '../helpers/wallets.js';

// "Today" is 10 March 2026 in Beijing (12:00); the entries are placed around the edges of its days and months.
const NOW = new Date('2026-03-10T04:00:00Z');

interface Bucket {
  period: string;
  income: string;
  expense: string;
}

let t: TestApp;
let payer: { token: string };
let recipient: { token: string };
let whale: { token: string };
beforeAll(async () => {
  const clock = new FixedClock(NOW);
  t = await buildTestApp({}, { clock });
  const recipientPhone = `138${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const payerAccount = await createSignedInUser(t);
  const recipientAccount = await createSignedInUser(t, { phone: recipientPhone });
  const whaleAccount = await createSignedInUser(t);
  [payer, recipient, whale] = [payerAccount, recipientAccount, whaleAccount];

  const at = async (iso: string, work: () => Promise<unknown>) => {
    clock.set(new Date(iso));
    await work();
  };
  const transfer = (amount: string) =>
    t.services.wallet.transfer(payerAccount.userId, { username: recipientPhone, amount: parseMoney(amount)! });
  // 15 January, 10:00 in Beijing.
  await at('2026-01-15T02:00:00Z', () => fund(t, payerAccount.userId, '100'));
  // 28 February 16:30 UTC is already 1 March, 00:30, in Beijing.
  await at('2026-02-28T16:30:00Z', () => fund(t, payerAccount.userId, '50'));
  // 2 March: 23:30 in Beijing (15:30 UTC), and half an hour later, 00:30 on the 3rd.
  await at('2026-03-02T15:30:00Z', () => transfer('20'));
  await at('2026-03-02T16:30:00Z', () => transfer('5.5'));
  await at('2026-03-02T02:00:00Z', () => fund(t, recipientAccount.userId, '1000'));
  // Two credits whose sum is past 2^53 units (9e11 yuan each): exact only in integers.
  await at('2026-03-05T02:00:00Z', () => fund(t, whaleAccount.userId, '900000000000.01'));
  await at('2026-03-05T03:00:00Z', () => fund(t, whaleAccount.userId, '900000000000.01'));
  clock.set(NOW);
});
afterAll(() => t.close());

const summary = (token: string | undefined, query: string, locale?: Locale) =>
  t.request({
    method: 'GET',
    url: `/api/recharge/order-info/incomeExpenseSummary?${query}`,
    token,
    locale,
  });

async function bucketsOf(token: string, query: string): Promise<Bucket[]> {
  const response = await summary(token, query);
  expect(response.statusCode).toBe(200);
  return response.json().data.buckets;
}

const moved = (buckets: Bucket[]) => buckets.filter((bucket) => bucket.income !== '0.00' || bucket.expense !== '0.00');

describe('the income and expense summary', () => {
  it('sums the last 30 Beijing days by day, one bucket per day with none missing', async () => {
    const response = await summary(payer.token, 'granularity=day');
    const data = response.json().data;

    expect(data).toMatchObject({ granularity: 'day', startDate: '2026-02-09', endDate: '2026-03-10' });
    expect(data.buckets).toHaveLength(30);
    expect(data.buckets[0]).toEqual({ period: '2026-02-09', income: '0.00', expense: '0.00' });
    expect(data.buckets.at(-1).period).toBe('2026-03-10');
    expect(data.buckets.find((bucket: Bucket) => bucket.period === '2026-02-28')).toMatchObject({ income: '0.00' });
    expect(moved(data.buckets)).toEqual([
      { period: '2026-03-01', income: '50.00', expense: '0.00' },
      { period: '2026-03-02', income: '0.00', expense: '20.00' },
      { period: '2026-03-03', income: '0.00', expense: '5.50' },
    ]);
  });

  it('sums the last 12 months by Beijing month, and by day when no granularity is given', async () => {
    const months = await bucketsOf(payer.token, 'granularity=month');
    expect(months.map((bucket) => bucket.period)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    // The credit of 28 February 16:30 UTC was made in March in Beijing: February stays empty.
    expect(moved(months)).toEqual([
      { period: '2026-01', income: '100.00', expense: '0.00' },
      { period: '2026-03', income: '50.00', expense: '25.50' },
    ]);
    expect(await bucketsOf(payer.token, '')).toHaveLength(30);
  });

  it('covers exactly the dates asked for, with the ledger list filters', async () => {
    const range = 'startDate=2026-03-01&endDate=2026-03-03';
    expect(await bucketsOf(payer.token, range)).toEqual([
      { period: '2026-03-01', income: '50.00', expense: '0.00' },
      { period: '2026-03-02', income: '0.00', expense: '20.00' },
      { period: '2026-03-03', income: '0.00', expense: '5.50' },
    ]);
    expect(moved(await bucketsOf(payer.token, `${range}&direction=income`))).toEqual([
      { period: '2026-03-01', income: '50.00', expense: '0.00' },
    ]);
    expect(moved(await bucketsOf(payer.token, `${range}&transactionType=transferOut`))).toHaveLength(2);
    expect(moved(await bucketsOf(payer.token, `${range}&transactionType=recharge&direction=expense`))).toEqual([]);
    // By month, the days chosen still bound the sums: from 2 March the payer's credit of the 1st is left out.
    expect(await bucketsOf(payer.token, 'granularity=month&startDate=2026-03-02&endDate=2026-03-31')).toEqual([
      { period: '2026-03', income: '0.00', expense: '25.50' },
    ]);
  });

  it("sums only the caller's own entries", async () => {
    expect(moved(await bucketsOf(recipient.token, 'startDate=2026-03-01&endDate=2026-03-05'))).toEqual([
      { period: '2026-03-02', income: '1020.00', expense: '0.00' },
      { period: '2026-03-03', income: '5.50', expense: '0.00' },
    ]);
    expect(moved(await bucketsOf(whale.token, 'granularity=month'))).toEqual([
      { period: '2026-03', income: '1800000000000.02', expense: '0.00' },
    ]);
  });

  it('refuses a range longer than the chart draws, naming the field, and takes the longest it allows', async () => {
    const days = await summary(payer.token, 'granularity=day&startDate=2025-03-09&endDate=2026-03-10', 'en-US');
    expect(days.statusCode).toBe(400);
    expect(days.json().msg).toBe(
      'Invalid startDate: by day the chart covers at most 366 days; narrow the dates or show it by month',
    );
    expect(days.json().data.field).toBe('startDate');
    expect(await bucketsOf(payer.token, 'granularity=day&startDate=2025-03-10&endDate=2026-03-10')).toHaveLength(366);

    const months = await summary(payer.token, 'granularity=month&startDate=2023-02-28', 'zh-CN');
    expect(months.statusCode).toBe(400);
    expect(months.json().msg).toContain('startDate');
    expect(months.json().msg).toContain('36 个月');
    expect(await bucketsOf(payer.token, 'granularity=month&startDate=2023-04-30')).toHaveLength(36);
  });

  it('refuses a start after the end, an unknown granularity, and a caller without a session', async () => {
    const reversed = await summary(payer.token, 'startDate=2026-03-03&endDate=2026-03-01', 'en-US');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toContain('The start date must not be later than the end date');
    expect((await summary(payer.token, 'granularity=week')).statusCode).toBe(400);
    expect((await summary(undefined, 'granularity=day')).statusCode).toBe(401);
  });
});

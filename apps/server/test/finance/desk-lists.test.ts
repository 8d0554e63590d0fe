import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { createOperator } from '../helpers/operators.js';
import { createCodes, redeem } from '../helpers/redeem-codes.js';
import { fund } from '../helpers/wallets.js';

let t: TestApp;
let finance: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
  finance = await createOperator(t, ['finance']);
});
afterAll(() => t.close());

const get = async (url: string) => (await t.request({ method: 'GET', url, token: finance.token })).json().data;

describe('the ledger check on the finance desk', () => {
  it('answers no findings for a whole ledger, and names each account that fails it', async () => {
    const user = await createSignedInUser(t);
    await fund(t, user.userId, '100');
    const healthy = await get('/api/admin/finance/ledger-check');
    expect(healthy).toMatchObject({ findings: [] });
    expect(healthy.accounts).toBeGreaterThan(0);

    const corrupt = (by: number) =>
      t.db.execute(
        sql`UPDATE ledger_accounts SET balance = balance + ${by} WHERE user_id = ${user.userId} AND kind = 'balance'`,
      );
    await corrupt(1);
    try {
      expect((await get('/api/admin/finance/ledger-check')).findings).toEqual([
        {
          kind: 'account',
          userId: String(user.userId),
          accountId: expect.stringMatching(/^\d+$/),
          accountKind: 'balance',
          transferId: null,
          balance: '100.0001',
          expected: '100.0000',
          brokenEntries: 0,
        },
      ]);
    } finally {
      await corrupt(-1);
    }
    expect((await get('/api/admin/finance/ledger-check')).findings).toEqual([]);
  });
});

describe('redeem-code batches on the finance desk', () => {
  it('are listed newest first with their count, use, amount, expiry and creator, and give their codes for the CSV', async () => {
    const first = await createCodes(t, finance.token, { name: 'Launch', amount: '5', count: 2 });
    const codes = await createCodes(t, finance.token, {
      name: 'Autumn',
      amount: '20',
      count: 3,
      lastDay: '2099-12-31',
    });
    const user = await createSignedInUser(t);
    expect((await redeem(t, user.token, codes[1]!)).statusCode).toBe(200);

    const page = await get('/api/admin/finance/redeem-batches?pageSize=1');
    expect(page).toMatchObject({
      total: 2,
      rows: [
        {
          name: 'Autumn',
          amount: '20.00',
          count: 3,
          used: 1,
          lastDay: '2099-12-31',
          createdBy: String(finance.userId),
        },
      ],
    });
    expect((await get('/api/admin/finance/redeem-batches?pageNum=2&pageSize=1')).rows).toMatchObject([
      { name: 'Launch', count: 2, used: 0, lastDay: null },
    ]);
    const exported = await get(`/api/admin/finance/redeem-batches/${page.rows[0].batchId}/codes`);
    expect(exported).toMatchObject({ name: 'Autumn', amount: '20.00', lastDay: '2099-12-31' });
    expect(exported.codes.map((row: { code: string }) => row.code)).toEqual(codes);
    expect(exported.codes.map((row: { redeemedAt: string | null }) => row.redeemedAt !== null)).toEqual([
      false,
      true,
      false,
    ]);
    expect(first).toHaveLength(2);
    const missing = await t.request({
      method: 'GET',
      url: '/api/admin/finance/redeem-batches/999999/codes',
      token: finance.token,
      locale: 'en-US',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('The redeem-code batch does not exist');
  });
});

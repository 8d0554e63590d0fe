import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { createCodes, redeem } from '../helpers/redeem-codes.js';

let t: TestApp;
let operator: Awaited<ReturnType<typeof createOperator>>;
let operatorToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  operator = await createOperator(t, ['finance']);
  operatorToken = operator.token;
});
afterAll(() => t.close());

const balanceOf = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/recharge/order-info/selectBalance', token })).json().data.balance;

describe('a batch of redeem codes', () => {
  it('is made by an operator, each code in readable groups and unlike the others', async () => {
    const codes = await createCodes(t, operatorToken, { amount: '10', count: 5 });
    expect(codes).toHaveLength(5);
    expect(new Set(codes).size).toBe(5);
    for (const code of codes) {
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/);
    }
    const audit = (await auditRowsOf(t, operator.userId)).at(-1)!;
    expect(audit).toMatchObject({
      area: 'finance',
      action: 'redeem.createBatch',
      target: expect.stringMatching(/^redeem-batch:\d+$/),
      after: { name: 'Test batch', amount: '10.00', count: 5, expiresAt: null },
      reason: 'a test batch',
    });
    expect(JSON.stringify(audit)).not.toContain(codes[0]);
  });

  it('is refused to anyone who is not an operator, and to nobody signed in', async () => {
    const { token } = await createSignedInUser(t);
    const payload = { name: 'x', amount: '10', count: 1, reason: 'a test batch' };
    const url = '/api/admin/finance/redeem-batches';
    expect((await t.request({ method: 'POST', url, token, payload })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url, payload })).statusCode).toBe(401);
  });
});

describe('redeeming a code', () => {
  it('adds its amount to the balance once, as typed by hand, with a ledger entry', async () => {
    const [code] = await createCodes(t, operatorToken, { amount: '12.50', count: 1 });
    const { token } = await createSignedInUser(t);
    const typed = ` ${code!.toLowerCase().replaceAll('-', ' ')} `;
    const response = await redeem(t, token, typed);
    expect(response.json()).toMatchObject({ code: 200, data: { amount: '12.50', balance: '12.50' } });
    const ledger = (
      await t.request({ method: 'GET', url: '/api/recharge/order-info/selectIncomeExpense', token })
    ).json().data;
    expect(ledger.rows).toEqual([expect.objectContaining({ transactionType: 'redeem', amount: '12.50' })]);

    const again = await redeem(t, token, code!, {});
    expect(again.statusCode).toBe(422);
    const other = await createSignedInUser(t);
    const stolen = await redeem(t, other.token, code!);
    expect(stolen.json()).toMatchObject({ code: 422, msg: '兑换码不存在、已使用或已过期', data: { field: 'code' } });
    expect(await balanceOf(token)).toBe('12.50');
    expect(await balanceOf(other.token)).toBe('0.00');
  });

  it('replays the first answer to a retry with the same Idempotency-Key', async () => {
    const [code] = await createCodes(t, operatorToken, { amount: '3', count: 1 });
    const { token } = await createSignedInUser(t);
    const key = randomUUID();
    const first = await redeem(t, token, code!, { 'idempotency-key': key });
    const retry = await redeem(t, token, code!, { 'idempotency-key': key });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await balanceOf(token)).toBe('3.00');
  });

  it('refuses an empty code, an unknown one and one whose batch has ended', async () => {
    const { token } = await createSignedInUser(t);
    const empty = await redeem(t, token, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('请输入兑换码');
    expect((await redeem(t, token, 'AAAA-BBBB-CCCC-DDDD')).statusCode).toBe(422);
    const [ended] = await createCodes(t, operatorToken, { amount: '5', count: 1, lastDay: '2020-01-01' });
    expect((await redeem(t, token, ended!)).statusCode).toBe(422);
    expect(await balanceOf(token)).toBe('0.00');
  });

  it('slows down a guesser: more than ten tries a minute are refused', async () => {
    const { token } = await createSignedInUser(t);
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await t.request({
        method: 'POST',
        url: `/api/recharge/redeem/verificationCancel?code=WRNG-CODE-0000-${String(attempt).padStart(4, '2')}`,
        token,
        // An address of its own, so that the other tests' tries from 127.0.0.1 do not count here.
        remoteAddress: '203.0.113.77',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

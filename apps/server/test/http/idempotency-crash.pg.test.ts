import { randomBytes } from 'node:crypto';
import { signRequest } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustableClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { exitOf, spawnTs, waitForLine } from '../helpers/spawn.js';
import { balanceOf, fund, runLedgerCheck } from '../helpers/wallets.js';

// Real PostgreSQL only: the first attempt runs on a server in a process of its own, killed between commit and answer.
const env = {
  ID_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  OBJECT_SIGNING_KEY: randomBytes(32).toString('base64'),
};
const clock = new AdjustableClock();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(env, { clock });
});
afterAll(() => t.close());

const phone = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/**
 * Sends one idempotent call to a server of its own that dies (kill -9) as soon as the handler has returned: its work
 * committed, its answer never kept. Then lets the dead server's lock on the key (a minute) run out.
 */
async function dieAfterCommit(token: string, request: { method: 'POST'; path: string; key: string; body?: object }) {
  const doomed = spawnTs('test/fixtures/answerless-server.ts', [t.testDatabase.url!, JSON.stringify(env)]);
  const [, port] = await waitForLine(doomed, /listening on (\d+)/);
  const sent = fetch(`http://127.0.0.1:${port}/api${request.path}`, {
    method: request.method,
    headers: {
      ...(request.body ? { 'content-type': 'application/json' } : {}),
      authorization: `Bearer ${token}`,
      sn: signRequest(request.path.split('?')[0]!, Date.now()),
      'idempotency-key': request.key,
    },
    ...(request.body ? { body: JSON.stringify(request.body) } : {}),
  });
  await expect(sent).rejects.toThrow();
  expect((await exitOf(doomed)).signal).toBe('SIGKILL');
  clock.advance(2);
}

describe('a transfer whose server dies after it committed, before its answer was kept', () => {
  it('is not made again by the retry on another server, which says that it ran', async () => {
    const payer = await createSignedInUser(t);
    const recipientPhone = phone();
    const recipient = await createSignedInUser(t, { phone: recipientPhone });
    await fund(t, payer.userId, '100');
    const key = 'crash-transfer-0001';
    const body = { username: recipientPhone, amount: '10' };

    await dieAfterCommit(payer.token, { method: 'POST', path: '/recharge/transfer', key, body });
    expect(await balanceOf(t, recipient.token)).toBe('10.00');

    const retry = await t.request({
      method: 'POST',
      url: '/api/recharge/transfer',
      token: payer.token,
      locale: 'en-US',
      headers: { 'idempotency-key': key },
      payload: body,
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().msg).toContain('already carried out');
    expect(await balanceOf(t, recipient.token)).toBe('10.00');
    expect(await balanceOf(t, payer.token)).toBe('90.00');
    expect(await runLedgerCheck(t)).toMatchObject({ code: 0 });
  });
});

describe('a recharge order whose server dies after it committed, before its answer was kept', () => {
  const opens = [
    { channel: 'WeChat Pay', key: 'crash-open-wechat', path: '/recharge/api/wx-pay/native/', body: { amount: '10' } },
    {
      channel: 'Alipay',
      key: 'crash-open-alipay',
      path: '/recharge/api/ali-pay/trade/page/pay/',
      body: { amount: '10' },
    },
    { channel: 'bank transfer', key: 'crash-open-bank', path: '/recharge/payment/createBankpayOrder?amount=10' },
  ];
  it.each(opens)('is not opened again by the retry ($channel)', async ({ key, path, body }) => {
    const payer = await createSignedInUser(t);
    await dieAfterCommit(payer.token, { method: 'POST', path, key, ...(body ? { body } : {}) });

    const retry = await t.request({
      method: 'POST',
      url: `/api${path}`,
      token: payer.token,
      locale: 'en-US',
      headers: { 'idempotency-key': key },
      ...(body ? { payload: body } : {}),
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().msg).toContain('already carried out');
    const orders = await t.request({
      method: 'POST',
      url: '/api/recharge/order-info/selectDealInfoList',
      token: payer.token,
      payload: {},
    });
    expect(orders.json().data.rows.map((row: { amount: string; status: string }) => [row.amount, row.status])).toEqual([
      ['10.00', 'pendingPayment'],
    ]);
  });
});

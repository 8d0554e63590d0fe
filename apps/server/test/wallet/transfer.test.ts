import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { findLedgerMismatches } from '../../src/modules/wallet/ledger-check.queries.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { fund } from '../helpers/wallets.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const balanceOf = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/recharge/order-info/selectBalance', token })).json().data;
const target = (token: string, username: string, locale?: 'zh-CN' | 'en-US') =>
  t.request({
    method: 'GET',
    url: `/api/recharge/transfer/target?username=${encodeURIComponent(username)}`,
    token,
    locale,
  });
const transfer = (token: string, body: object, options: { key?: string; locale?: 'zh-CN' | 'en-US' } = {}) =>
  t.request({
    method: 'POST',
    url: '/api/recharge/transfer',
    token,
    payload: body,
    locale: options.locale,
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });

/** A payer with 100 yuan and a recipient, each signed in, with their phones. */
async function pair() {
  const payerPhone = `135${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const recipientPhone = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const payer = await createSignedInUser(t, { phone: payerPhone });
  const recipient = await createSignedInUser(t, { phone: recipientPhone, nickName: '张小三' });
  await fund(t, payer.userId, '100');
  return { payer, recipient, payerPhone, recipientPhone };
}

describe('the balance', () => {
  it('is zero, with no vouchers, for a new user, and shows what the ledger credited', async () => {
    const { userId, token } = await createSignedInUser(t);
    expect(await balanceOf(token)).toEqual({ balance: '0.00', voucher: '0.00' });
    await fund(t, userId, '12.35');
    expect((await balanceOf(token)).balance).toBe('12.35');
  });

  it('needs a session', async () => {
    const response = await t.request({ method: 'GET', url: '/api/recharge/order-info/selectBalance' });
    expect(response.statusCode).toBe(401);
  });
});

describe('the transfer target', () => {
  it('answers the masked nickname of the user a phone names', async () => {
    const { payer, recipientPhone } = await pair();
    const response = await target(payer.token, recipientPhone);
    expect(response.json()).toMatchObject({ code: 200, data: { nickName: '张*三' } });
  });

  it('names the field when nobody has the account, or it is the payer, or it is not an account', async () => {
    const { payer, payerPhone } = await pair();
    const unknown = await target(payer.token, '13999999999', 'en-US');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('No user has this phone number or e-mail address');

    const self = await target(payer.token, payerPhone);
    expect(self.statusCode).toBe(422);
    expect(self.json().msg).toBe('不能转账给自己');

    const malformed = await target(payer.token, 'nobody', 'en-US');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toContain('username');
  });
});

describe('a transfer', () => {
  it('moves the amount in one order, with an entry on each side', async () => {
    const { payer, recipient, recipientPhone } = await pair();
    const response = await transfer(payer.token, { username: recipientPhone, amount: '30.25' });
    expect(response.json()).toMatchObject({ code: 200, data: { balance: '69.75' } });
    const { orderNo } = response.json().data;
    expect(orderNo).toMatch(/^T\d{20}$/);

    expect((await balanceOf(recipient.token)).balance).toBe('30.25');
    const entries = await queryRows<{ user_id: string; transaction_type: string; amount: string }>(
      t.db,
      sql`SELECT user_id::text, transaction_type, amount::text FROM ledger_entries WHERE account_kind = 'balance' AND order_no = ${orderNo}
          ORDER BY amount`,
    );
    expect(entries).toEqual([
      { user_id: String(payer.userId), transaction_type: 'transferOut', amount: '-302500' },
      { user_id: String(recipient.userId), transaction_type: 'transferIn', amount: '302500' },
    ]);
  });

  it('refuses amounts outside 0.01 to 999,999.99 or with more than two decimals, naming the amount', async () => {
    const { payer, recipientPhone } = await pair();
    for (const amount of ['0', '0.001', '1000000', 'abc', '-5', 12.345]) {
      const response = await transfer(payer.token, { username: recipientPhone, amount }, { locale: 'en-US' });
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json().msg).toContain('between 0.01 and 999,999.99');
    }
    expect((await balanceOf(payer.token)).balance).toBe('100.00');
  });

  it('refuses more than the balance and moves nothing', async () => {
    const { payer, recipient, recipientPhone } = await pair();
    const response = await transfer(payer.token, { username: recipientPhone, amount: '100.01' }, { locale: 'en-US' });
    expect(response.statusCode).toBe(422);
    expect(response.json().msg).toBe('Insufficient balance');
    expect((await balanceOf(payer.token)).balance).toBe('100.00');
    expect((await balanceOf(recipient.token)).balance).toBe('0.00');
  });

  it('can spend the whole balance to the cent', async () => {
    const { payer, recipientPhone } = await pair();
    expect((await transfer(payer.token, { username: recipientPhone, amount: 100 })).json().data.balance).toBe('0.00');
  });

  it('happens once for a retried Idempotency-Key, and refuses the key for another body', async () => {
    const { payer, recipient, recipientPhone } = await pair();
    const key = randomUUID();
    const first = await transfer(payer.token, { username: recipientPhone, amount: '10' }, { key });
    const retry = await transfer(payer.token, { username: recipientPhone, amount: '10' }, { key });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await balanceOf(recipient.token)).balance).toBe('10.00');

    const other = await transfer(payer.token, { username: recipientPhone, amount: '11' }, { key });
    expect(other.statusCode).toBe(409);
    expect((await balanceOf(payer.token)).balance).toBe('90.00');
  });
});

describe('the ledger', () => {
  it('matches every balance after all of the above, and names a wallet changed behind its back', async () => {
    expect(await findLedgerMismatches(t.db)).toEqual([]);
    const { userId } = await createSignedInUser(t);
    await fund(t, userId, '5');
    await t.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE kind = 'balance' AND user_id = ${userId}`,
    );
    const mismatches = await findLedgerMismatches(t.db);
    expect(mismatches).toEqual([
      expect.objectContaining({ userId: BigInt(userId), balance: 50_001n, entriesSum: 50_000n, brokenEntries: 0 }),
    ]);
    await t.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance - 1 WHERE kind = 'balance' AND user_id = ${userId}`,
    );
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });

  it('names an entry that lost its other side, as a transfer that does not sum to zero', async () => {
    const { userId } = await createSignedInUser(t);
    await fund(t, userId, '5');
    const [entry] = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id::text FROM ledger_entries WHERE user_id = ${userId} ORDER BY id DESC LIMIT 1`,
    );
    await t.db.execute(sql`UPDATE ledger_entries SET counter_kind = NULL WHERE id = ${entry!.id}`);
    expect(await findLedgerMismatches(t.db)).toEqual([
      { kind: 'transfer', transferId: -BigInt(entry!.id), sum: 50_000n },
    ]);
    await t.db.execute(sql`UPDATE ledger_entries SET counter_kind = 'clearing.wechat' WHERE id = ${entry!.id}`);
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});

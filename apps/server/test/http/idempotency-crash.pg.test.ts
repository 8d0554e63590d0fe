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

describe('a transfer whose server dies after it committed, before its answer was kept', () => {
  it('is not made again by the retry on another server, which says that it ran', async () => {
    const payer = await createSignedInUser(t);
    const recipientPhone = phone();
    const recipient = await createSignedInUser(t, { phone: recipientPhone });
    await fund(t, payer.userId, '100');
    const key = 'crash-transfer-0001';
    const body = { username: recipientPhone, amount: '10' };

    const doomed = spawnTs('test/fixtures/answerless-server.ts', [t.testDatabase.url!, JSON.stringify(env)]);
    const [, port] = await waitForLine(doomed, /listening on (\d+)/);
    const sent = fetch(`http://127.0.0.1:${port}/api/recharge/transfer`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${payer.token}`,
        sn: signRequest('/recharge/transfer', Date.now()),
        'idempotency-key': key,
      },
      body: JSON.stringify(body),
    });
    await expect(sent).rejects.toThrow();
    expect((await exitOf(doomed)).signal).toBe('SIGKILL');
    expect(await balanceOf(t, recipient.token)).toBe('10.00');

    // The dead server's lock on the key (a minute) runs out before the client's retry.
    clock.advance(2);
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

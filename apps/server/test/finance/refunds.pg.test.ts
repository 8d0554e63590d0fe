import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInsufficientBalance } from '../../src/modules/wallet/index.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createOperator } from '../helpers/operators.js';
import { balanceOf, ledgerMismatches } from '../helpers/wallets.js';
import { paidRecharge, refund, spend } from './finance-helpers.js';

// Real PostgreSQL only: operators refunding one order at once, and a refund racing the user's own spending, need
// concurrent transactions, which PGlite cannot run.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

describe('refunds raced on PostgreSQL', () => {
  it('refund an order once when two operators refund it at once; the second hears it changed (409)', async () => {
    const [first, second] = [await createOperator(t, ['finance']), await createOperator(t, ['finance'])];
    for (let round = 0; round < 5; round += 1) {
      const payer = await paidRecharge(t, 100);
      const answers = await Promise.all(
        [first, second].map((operator) => refund(t, operator.token, payer.orderNo, { amount: '60', refunded: '0' })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().msg).toContain(
        'Someone else refunded this order meanwhile: it now shows 60.00 yuan refunded',
      );
      expect(await balanceOf(t, payer.token)).toBe('40.00');
    }
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('never take the balance below zero when the user spends while an operator refunds', async () => {
    const finance = await createOperator(t, ['finance']);
    for (let round = 0; round < 5; round += 1) {
      const payer = await paidRecharge(t, 100);
      const [refunded, spent] = await Promise.all([
        refund(t, finance.token, payer.orderNo, { amount: '80', refunded: '0' }),
        spend(t, payer.userId, 50, `A-RACE-${round}-${payer.userId}`).then(
          () => true,
          (error: unknown) => {
            if (isInsufficientBalance(error)) {
              return false;
            }
            throw error;
          },
        ),
      ]);
      // 100 covers one of them, never both: whichever came second was refused and moved nothing.
      expect([refunded.statusCode === 200, spent].filter(Boolean)).toHaveLength(1);
      expect(await balanceOf(t, payer.token)).toBe(spent ? '50.00' : '20.00');
      if (!spent) {
        expect(refunded.json().data).toMatchObject({ refunded: '80.00', status: 'succeeded' });
      } else {
        expect(refunded.statusCode).toBe(409);
      }
    }
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/build-test-app.js';
import {
  amountsOf,
  createPartner,
  PERSON,
  reviewedEarnings,
  twoPartnerInstances,
  withdraw,
} from './partner-helpers.js';

// Real PostgreSQL only: withdrawals of one partner sent at once to two instances must never hold more than is
// withdrawable, nor leave the threshold's rule behind.
let a: TestApp;
let b: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ a, b, close } = await twoPartnerInstances());
});
afterAll(() => close());

describe('withdrawals raced on PostgreSQL', () => {
  it('hold exactly the 1000 withdrawable when 30 requests of 100 arrive at once on two instances', async () => {
    const kol = await createPartner(a);
    await reviewedEarnings(a, kol, [500, 500]);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        withdraw(index % 2 === 0 ? a : b, kol.token, { ...PERSON, amount: '100', agreementAccepted: true }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 422)).toHaveLength(20);
    expect(await amountsOf(a, kol.token)).toMatchObject({ earnings: '0.00', held: '1000.00', withdrawable: '0.00' });
  });
});

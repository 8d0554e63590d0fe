import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustableClock, FixedClock } from '../../src/jobs/clock.js';
import { buildTestApp, secondInstance, type TestApp } from '../helpers/build-test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { amountsOf, createPartner, PERSON, reviewedEarnings, START, withdraw } from './partner-helpers.js';

// Real PostgreSQL only: withdrawals of one partner sent at once to two instances must never hold more than is
// withdrawable, nor leave the threshold's rule behind.
let testDatabase: TestDatabase;
let a: TestApp;
let b: TestApp;
const clock = new AdjustableClock(new FixedClock(START));
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  a = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' }, { testDatabase, clock });
  b = await secondInstance(a, { RATE_LIMIT_PER_MINUTE: '0' }, { clock });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await testDatabase.drop();
});

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

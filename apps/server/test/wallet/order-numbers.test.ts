import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('order numbers', () => {
  it('never repeat within one second, however many orders it makes', async () => {
    const at = new Date('2026-11-23T10:30:05Z');
    const numbers: string[] = [];
    for (let index = 0; index < 3_000; index += 1) {
      numbers.push(await t.services.wallet.newOrderNo(t.db, 'R', at));
    }
    expect(new Set(numbers).size).toBe(numbers.length);
    // Readable to support: the kind, the business time (Asia/Shanghai) to the second, six digits.
    expect(numbers[0]).toMatch(/^R20261123183005\d{6}$/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import {
  applicationsOf,
  applyForInvoice,
  changeApplication,
  invoiceableOf,
  saveInformation,
} from '../helpers/invoices.js';
import { fund } from '../helpers/wallets.js';

// Real PostgreSQL only: applications racing for one amount need concurrent transactions.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

async function customer() {
  const user = await createSignedInUser(t);
  await saveInformation(t, user.token);
  await fund(t, user.userId, '100');
  return user;
}

const heldTotal = async (token: string) =>
  (await applicationsOf(t, token, '?pageSize=100')).rows
    .filter((row) => row.status === 'submitted' || row.status === 'modified')
    .reduce((sum, row) => sum + Math.round(Number(row.amount) * 100), 0);

describe('applications racing for one invoiceable amount', () => {
  it('never hold more than was recharged: ten applications of 30 against 100, three accepted', async () => {
    const { token } = await customer();
    const answers = await Promise.all(Array.from({ length: 10 }, () => applyForInvoice(t, token, '30')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, ...Array<number>(7).fill(422)]);
    expect(await heldTotal(token)).toBe(9000);
    expect(await invoiceableOf(t, token)).toBe('10.00');
  });

  it('never hold more when edits of applications race new ones', async () => {
    const { token } = await customer();
    const first = (await applyForInvoice(t, token, '40')).json().data.id as string;
    const second = (await applyForInvoice(t, token, '40')).json().data.id as string;
    const answers = await Promise.all([
      changeApplication(t, token, 'upInvoiceAmInfo', { id: first, amount: '60' }),
      changeApplication(t, token, 'upInvoiceAmInfo', { id: second, amount: '60' }),
      applyForInvoice(t, token, '20'),
      changeApplication(t, token, 'upInvoiceAmInfo', { id: first, amount: '55' }),
      applyForInvoice(t, token, '20'),
    ]);
    expect(answers.every((answer) => [200, 422].includes(answer.statusCode))).toBe(true);
    expect(await heldTotal(token)).toBeLessThanOrEqual(10000);
    const invoiceable = Number(await invoiceableOf(t, token)) * 100;
    expect(Math.round(invoiceable) + (await heldTotal(token))).toBe(10000);
  });
});

import { sql } from 'drizzle-orm';
import type { TestApp } from './build-test-app.js';
import { createSignedInUser } from './factories.js';

/** A signed-in operator: a user holding the admin role, as the dev tool grants it. */
export async function createOperator(t: TestApp) {
  const operator = await createSignedInUser(t);
  await t.db.execute(sql`INSERT INTO user_roles (user_id, role_key) VALUES (${operator.userId}, 'admin')`);
  return operator;
}

/** Creates a batch through the operators' call and answers its codes. */
export async function createCodes(t: TestApp, operatorToken: string, batch: Record<string, unknown>) {
  const response = await t.request({
    method: 'POST',
    url: '/api/recharge/admin/redeem-batches',
    token: operatorToken,
    payload: { name: 'Test batch', ...batch },
  });
  return response.json().data.codes as string[];
}

export const redeem = (t: TestApp, token: string, code: string, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: `/api/recharge/redeem/verificationCancel?code=${encodeURIComponent(code)}`,
    token,
    headers,
  });

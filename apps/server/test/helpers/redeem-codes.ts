import type { TestApp } from './build-test-app.js';

/** Creates a batch through the operators' call and answers its codes. */
export async function createCodes(t: TestApp, operatorToken: string, batch: Record<string, unknown>) {
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/finance/redeem-batches',
    token: operatorToken,
    payload: { name: 'Test batch', reason: 'a test batch', ...batch },
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

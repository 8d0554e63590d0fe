import type { TestApp } from './build-test-app.js';

/** Opens a recharge as the console does: `await openRecharge(t, token, 100)` answers `{ orderNo, codeUrl, … }`. */
export async function openRecharge(t: TestApp, token: string, amount: number | string, channel = 'wechat') {
  const url = channel === 'wechat' ? '/api/recharge/api/wx-pay/native/' : '/api/recharge/api/ali-pay/trade/page/pay/';
  const response = await t.request({ method: 'POST', url, token, payload: { amount: String(amount) } });
  return response.json().data as { orderNo: string; codeUrl: string; expireTime: string; sandbox: boolean };
}

/** What the sandbox cashier's buttons do; `notify: false` pays but loses the notification. */
export function cashier(t: TestApp, orderNo: string, outcome: 'pay' | 'cancel', notify?: boolean) {
  return t.request({
    method: 'POST',
    url: `/api/dev/payments/${orderNo}/${outcome}`,
    payload: notify === undefined ? {} : { notify },
  });
}

export async function paymentStatus(t: TestApp, token: string, orderNo: string): Promise<string> {
  const response = await t.request({
    method: 'GET',
    url: `/api/recharge/api/ali-pay/getPaymentStatus?orderNo=${orderNo}`,
    token,
  });
  return response.json().data?.status;
}

/** Moves the test clock and runs every job that falls due, as the dev clock does. */
export async function advance(t: TestApp, minutes: number) {
  await t.request({ method: 'POST', url: '/api/dev/clock', payload: { advanceMinutes: minutes } });
}

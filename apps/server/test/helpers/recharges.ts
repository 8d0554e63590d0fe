import type { TestApp } from './build-test-app.js';

/** Opens a recharge as the console does: `await openRecharge(t, token, 100)` answers `{ orderNo, codeUrl, … }`. */
export async function openRecharge(t: TestApp, token: string, amount: number | string, channel = 'wechat') {
  const url = channel === 'wechat' ? '/api/recharge/api/wx-pay/native/' : '/api/recharge/api/ali-pay/trade/page/pay/';
  const response = await t.request({ method: 'POST', url, token, payload: { amount: String(amount) } });
  return response.json().data as { orderNo: string; codeUrl: string; expireTime: string; sandbox: boolean };
}

/** Opens an Alipay mobile-website recharge as the console does on a phone: answers `{ orderNo, payUrl, … }`. */
export async function openAlipayWap(t: TestApp, token: string, amount: number | string) {
  const url = `/api/recharge/payment/createAlipayOrder?amount=${amount}`;
  const response = await t.request({ method: 'POST', url, token });
  return response.json().data as { orderNo: string; payUrl: string; expireTime: string; sandbox: boolean };
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

/** Delivers a WeChat Pay notification as WeChat Pay does: its headers, its body as signed, no session, no `sn`. */
export function notifyWechatPay(t: TestApp, notification: { headers: Record<string, string>; body: string }) {
  return t.request({
    method: 'POST',
    url: '/api/recharge/api/wx-pay/notify',
    headers: notification.headers,
    payload: notification.body,
    unsigned: true,
  });
}

/** Delivers an Alipay notification as Alipay does: its fields as a form, no session, no `sn`. */
export function notifyAlipay(t: TestApp, fields: Record<string, string>) {
  return t.request({
    method: 'POST',
    url: '/api/recharge/api/ali-pay/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: new URLSearchParams(fields).toString(),
    unsigned: true,
  });
}

/** Opens a bank-transfer recharge as the console does; answers the envelope's data (account, remark, …). */
export async function openBankOrder(t: TestApp, token: string, amount: number | string) {
  const response = await t.request({
    method: 'POST',
    url: `/api/recharge/payment/createBankpayOrder?amount=${amount}`,
    token,
  });
  return response.json().data as { orderNo: string; amount: string; accountNumber: string; remark: string };
}

/** An operator's word on a bank order: `confirm` with the amount that arrived, or `reject`. */
export function settleBankOrder(
  t: TestApp,
  operatorToken: string,
  orderNo: string,
  settle: { confirm: string | number } | 'reject',
  headers: Record<string, string> = {},
) {
  return t.request({
    method: 'POST',
    url: `/api/admin/finance/bank-orders/${orderNo}/${settle === 'reject' ? 'reject' : 'confirm'}`,
    token: operatorToken,
    headers,
    payload:
      settle === 'reject'
        ? { reason: 'no transfer arrived' }
        : { amount: settle.confirm, reason: 'seen on the statement' },
  });
}

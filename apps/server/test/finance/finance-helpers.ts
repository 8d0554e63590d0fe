import { money } from '@suanli/contract';
import type { UserId } from '../../src/db/ids.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { cashier, openRecharge } from '../helpers/recharges.js';

/** A user who recharged `yuan` through the sandbox cashier (paid and credited), and the order's number. */
export async function paidRecharge(t: TestApp, yuan: number, channel: 'wechat' | 'alipay' = 'wechat') {
  const user = await createSignedInUser(t);
  const { orderNo } = await openRecharge(t, user.token, yuan, channel);
  await cashier(t, orderNo, 'pay');
  return { ...user, orderNo };
}

/** An operator's refund of a recharge, as the finance desk sends it. */
export function refund(
  t: TestApp,
  token: string,
  orderNo: string,
  body: { amount: string; refunded: string; reason?: string },
  locale: 'zh-CN' | 'en-US' = 'en-US',
) {
  return t.request({
    method: 'POST',
    url: `/api/admin/finance/recharge-orders/${orderNo}/refund`,
    token,
    locale,
    payload: { reason: 'the payer asked for their money back', ...body },
  });
}

/** The user spends from their balance, as an application's charge does. */
export function spend(t: TestApp, userId: UserId, yuan: number, orderNo: string) {
  return t.services.wallet.charge(t.db, {
    userId,
    amount: money(BigInt(yuan) * 10_000n),
    transactionType: 'appOrder',
    orderNo,
    vouchers: false,
  });
}

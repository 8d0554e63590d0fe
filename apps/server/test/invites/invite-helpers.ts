import { inTransaction } from '../../src/db/transaction.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { cashier, openRecharge } from '../helpers/recharges.js';

export const invitationCodeOf = async (t: TestApp, token: string): Promise<string> =>
  (await t.request({ method: 'GET', url: '/api/auth/user/getInvitationCode', token })).json().data.invitationCode;

/** A signed-in user; `verified` passes real-name verification as createRenter does. */
export async function createMember(t: TestApp, options: { invitationCode?: string; verified?: boolean } = {}) {
  const user = await createSignedInUser(t, options.invitationCode ? { invitationCode: options.invitationCode } : {});
  if (options.verified ?? true) {
    await inTransaction(t.db, (tx) => t.services.users.setRealNameVerified(tx, user.userId, t.clock.now()));
  }
  return user;
}

/** A verified inviter and a friend who registered with their code (verified unless told otherwise). */
export async function inviterAndFriend(t: TestApp, friend: { verified?: boolean } = {}) {
  const inviter = await createMember(t);
  const invitationCode = await invitationCodeOf(t, inviter.token);
  return { inviter, friend: await createMember(t, { ...friend, invitationCode }) };
}

/** Pays a recharge of whole yuan through the sandbox cashier, as the console's recharge does. */
export async function recharge(t: TestApp, token: string, yuan: number) {
  const { orderNo } = await openRecharge(t, token, yuan);
  await cashier(t, orderNo, 'pay');
  // The invites consumer takes the credit now rather than when the notification of its commit arrives.
  await t.drainEvents();
}

export interface InviteVoucher {
  amount: string;
  effectiveTime: string;
  expireTime: string;
}

/** The vouchers the caller got from invitations, as the vouchers page lists them. */
export async function inviteVouchers(t: TestApp, token: string): Promise<InviteVoucher[]> {
  const response = await t.request({ method: 'GET', url: '/api/recharge/coupon/selectVoucher?pageSize=100', token });
  return (response.json().data.rows as (InviteVoucher & { source: string })[])
    .filter((row) => row.source === 'invite')
    .map(({ amount, effectiveTime, expireTime }) => ({ amount, effectiveTime, expireTime }));
}

export const amountsOf = async (t: TestApp, token: string) =>
  (await inviteVouchers(t, token)).map((voucher) => voucher.amount).sort();

export async function invitedList(t: TestApp, token: string, locale: 'zh-CN' | 'en-US' = 'en-US') {
  const response = await t.request({ method: 'GET', url: '/api/system/inviteNew/getInvitationAward', token, locale });
  return response.json().data as {
    rows: {
      nickName: string;
      registerTime: string;
      rewardTime: string | null;
      amount: string;
      awaitingVerification: boolean;
    }[];
    total: number;
    totalAmount: string;
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { advance, noticesOf } from '../applications/application-helpers.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { charge, giveVoucher } from '../helpers/vouchers.js';
import { fund } from '../helpers/wallets.js';
import { verify } from '../real-name/real-name-helpers.js';
import { validIdNumber } from '../real-name/real-name-ids.js';
import {
  amountsOf,
  createMember,
  invitationCodeOf,
  invitedList,
  inviteVouchers,
  inviterAndFriend,
  recharge,
} from './invite-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60_000;

describe('the invitation code and the invited list', () => {
  it('gives the caller their code and lists only the friends who registered with it, newest first', async () => {
    const inviter = await createMember(t);
    const code = await invitationCodeOf(t, inviter.token);
    expect(code).toMatch(/^[0-9A-Z]{8}$/);
    const first = await createMember(t, { invitationCode: code });
    const second = await createMember(t, { invitationCode: code.toLowerCase() });
    await createMember(t, { invitationCode: await invitationCodeOf(t, first.token) });
    await t.drainEvents();

    const list = await invitedList(t, inviter.token);
    expect(list.total).toBe(2);
    expect(list.totalAmount).toBe('0.00');
    const nickNames = await Promise.all(
      [second, first].map(async (friend) => {
        const info = await t.request({ method: 'GET', url: '/api/auth/user/getUserInfo', token: friend.token });
        return info.json().data.nickName as string;
      }),
    );
    expect(list.rows.map((row) => row.nickName)).toEqual(nickNames);
    expect(list.rows[0]).toMatchObject({ amount: '0.00', rewardTime: null, awaitingVerification: false });
    expect(Date.parse(list.rows[0]!.registerTime)).toBeGreaterThan(0);
  });

  it('refuses both calls without a login', async () => {
    for (const url of ['/api/auth/user/getInvitationCode', '/api/system/inviteNew/getInvitationAward']) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('names the field of a bad page in the caller’s language', async () => {
    const { inviter } = await inviterAndFriend(t);
    const url = '/api/system/inviteNew/getInvitationAward?pageSize=1000';
    const response = await t.request({ method: 'GET', url, token: inviter.token, locale: 'en-US' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('pageSize');
  });
});

describe('the recharge reward', () => {
  it('grants 10 yuan two minutes after the friend’s recharges reach 10 yuan in all, and not below', async () => {
    const { inviter, friend } = await inviterAndFriend(t);
    await recharge(t, friend.token, 9);
    await advance(t, 3);
    expect(await amountsOf(t, inviter.token)).toEqual([]);

    await recharge(t, friend.token, 1);
    await advance(t, 1);
    expect(await amountsOf(t, inviter.token)).toEqual([]);
    await advance(t, 1);
    const [voucher] = await inviteVouchers(t, inviter.token);
    expect(voucher?.amount).toBe('10.00');
    expect(Date.parse(voucher!.expireTime) - Date.parse(voucher!.effectiveTime)).toBe(30 * DAY_MS);
    expect((await noticesOf(t, inviter.token))[0]?.content).toBe(
      'You received a 10.00 yuan voucher (a friend recharged 10 yuan in total). See it on the Vouchers page.',
    );

    await recharge(t, friend.token, 50);
    await advance(t, 3);
    expect(await amountsOf(t, inviter.token)).toEqual(['10.00']);
    expect(await amountsOf(t, friend.token)).toEqual([]);
    const list = await invitedList(t, inviter.token);
    expect(list).toMatchObject({ totalAmount: '10.00', rows: [{ amount: '10.00' }] });
    expect(list.rows[0]!.rewardTime).not.toBeNull();
  });
});

describe('the consumption reward', () => {
  it('grants 50 yuan once the friend’s balance has paid 200 yuan, counting nothing vouchers paid', async () => {
    const { inviter, friend } = await inviterAndFriend(t);
    await fund(t, friend.userId, '300');
    await charge(t, friend.userId, '199.99', { transactionType: 'dataStorage' });
    await giveVoucher(t, friend.userId, '5');
    await charge(t, friend.userId, '5', { transactionType: 'dataStorage' });
    await advance(t, 1);
    await advance(t, 3);
    expect(await amountsOf(t, inviter.token)).toEqual([]);

    await charge(t, friend.userId, '0.01', { transactionType: 'dataStorage' });
    // Published as consumption at the next minute; the reward is due two minutes after that.
    await advance(t, 1);
    await advance(t, 1);
    expect(await amountsOf(t, inviter.token)).toEqual([]);
    await advance(t, 1);
    expect(await amountsOf(t, inviter.token)).toEqual(['50.00']);
  });
});

describe('invites between accounts of one person', () => {
  it('keeps a reward waiting while the inviter is not verified, and grants it once they are', async () => {
    const inviter = await createMember(t, { verified: false });
    const friend = await createMember(t, { invitationCode: await invitationCodeOf(t, inviter.token) });
    await recharge(t, friend.token, 10);
    await advance(t, 3);
    expect(await amountsOf(t, inviter.token)).toEqual([]);
    expect((await invitedList(t, inviter.token)).rows[0]?.awaitingVerification).toBe(true);

    await inTransaction(t.db, (tx) => t.services.users.setRealNameVerified(tx, inviter.userId, t.clock.now()));
    await advance(t, 61);
    expect(await amountsOf(t, inviter.token)).toEqual(['10.00']);
    expect((await invitedList(t, inviter.token)).rows[0]?.awaitingVerification).toBe(false);
  });

  it('earns nothing when the friend is the inviter’s own second account, which their ID number cannot verify', async () => {
    const inviter = await createMember(t, { verified: false });
    const idNumber = validIdNumber();
    expect((await verify(t, inviter.token, '张三', idNumber)).statusCode).toBe(200);
    const second = await createMember(t, { invitationCode: await invitationCodeOf(t, inviter.token), verified: false });
    expect((await verify(t, second.token, '张三', idNumber, 'en-US')).statusCode).toBe(409);

    await recharge(t, second.token, 20);
    await advance(t, 3);
    await advance(t, 61);
    await advance(t, 61);
    expect(await amountsOf(t, inviter.token)).toEqual([]);
    expect(await invitedList(t, inviter.token)).toMatchObject({ totalAmount: '0.00' });
  });
});

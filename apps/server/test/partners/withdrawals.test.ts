import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import {
  advanceClock,
  amountsOf,
  blogger,
  createPartner,
  invitee,
  inviteVouchers,
  minutesToReviewed,
  partnersApp,
  PERSON,
  platformBalance,
  rechargeBy,
  signInAgain,
  reviewedEarnings,
  verifiedUser,
  withdraw,
} from './partner-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await partnersApp();
});
afterAll(async () => {
  await t.close();
});

const request = (amount: string, invoiceType = 'vatGeneral') => ({
  ...PERSON,
  amount,
  invoiceType,
  agreementAccepted: true,
});

describe('the KOL and creator programme is for real-name verified partners', () => {
  it('refuses an unverified user and a payment account without the agreement', async () => {
    const { token } = await createSignedInUser(t);
    const refused = await withdraw(t, token, { ...PERSON, agreementAccepted: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('Only real-name verified users can join the KOL and creator programme');
    expect((await blogger(t, token, 'getBloggerAmountFormerly')).statusCode).toBe(403);

    const verified = await verifiedUser(t);
    const noAgreement = await withdraw(t, verified.token, { ...PERSON, agreementAccepted: false });
    expect(noAgreement.statusCode).toBe(400);
    expect(noAgreement.json().msg).toContain('partner agreement');
    const zh = await withdraw(t, verified.token, { ...PERSON, alipayPhone: '123' }, { locale: 'zh-CN' });
    expect(zh.statusCode).toBe(400);
    const company = await withdraw(
      t,
      verified.token,
      { companyName: 'ACME', cardNumber: '12', openingBank: 'ICBC', agreementAccepted: true },
      { kind: 'Company' },
    );
    expect(company.statusCode).toBe(400);
    expect(company.json().msg).toContain('card number');
  });

  it('joins with a payment account, shown back to its owner, and gives the promotion link', async () => {
    const partner = await createPartner(t);
    const channel = (await blogger(t, partner.token, 'selectPromotionChannel')).json().data;
    expect(channel).toMatchObject({ status: 'active', verified: true, incomeRatio: '10' });
    expect(channel.linkPath).toBe(`/?invitationCode=${partner.code}`);
    const account = (await blogger(t, partner.token, 'getPersonWithdraw')).json().data;
    expect(account).toMatchObject({ kind: 'personal', ...PERSON });
  });
});

describe('KOL income and the invitee welcome', () => {
  it('welcomes a user invited by a partner with a 2-yuan voucher and VIP1, and earns the KOL 10 % of their recharges', async () => {
    const kol = await createPartner(t);
    const friend = await invitee(t, kol.code);
    await t.drainEvents();
    expect(await inviteVouchers(t, friend.token)).toMatchObject([{ amount: '2.00' }]);
    const vip = await t.request({ method: 'GET', url: '/api/recharge/vip/selectVip', token: friend.token });
    expect(vip.json().data).toMatchObject({ vipGrade: 1, discountBasisPoints: 9800 });

    const orderNo = await rechargeBy(t, friend.token, 300);
    const month = (await blogger(t, kol.token, 'getBloggerAmount')).json().data;
    expect(month).toMatchObject({ month: '2026-11', rechargeTotal: '300.00', incomeRatio: '10', income: '30.00' });
    expect(month.users[0].orders).toMatchObject([{ orderNo, amount: '300.00', income: '30.00' }]);
    // Credited now, reviewed on 1–7 December: nothing withdrawable yet.
    expect(await amountsOf(t, kol.token)).toMatchObject({ earnings: '30.00', withdrawable: '0.00', inReview: '30.00' });
  });

  it('gives nothing to a user invited by someone who is not a partner', async () => {
    const plain = await verifiedUser(t);
    const code = (await blogger(t, plain.token, 'selectPromotionChannel')).json().data.invitationCode as string;
    const friend = await invitee(t, code);
    await rechargeBy(t, friend.token, 100);
    expect(await inviteVouchers(t, friend.token)).toEqual([]);
    expect((await blogger(t, plain.token, 'getBloggerAmount')).json().data).toMatchObject({
      income: '0.00',
      users: [],
    });
  });
});

describe('withdrawals (spec §9)', () => {
  it('are refused below 100 withdrawable, below 50, above the withdrawable amount, with three decimals', async () => {
    const kol = await createPartner(t);
    const early = await withdraw(t, kol.token, request('60'));
    expect(early.statusCode).toBe(422);
    expect(early.json().msg).toBe('No withdrawable amount');

    await reviewedEarnings(t, kol, [80]);
    const below = await withdraw(t, kol.token, request('60'));
    expect(below.json().msg).toBe('The withdrawable amount must reach 100.00 yuan before you can withdraw');
    await reviewedEarnings(t, kol, [70]);

    expect(await amountsOf(t, kol.token)).toMatchObject({ earnings: '150.00', withdrawable: '150.00' });
    const small = await withdraw(t, kol.token, request('49.99'), { locale: 'zh-CN' });
    expect(small.statusCode).toBe(422);
    expect(small.json().msg).toBe('每次提现最低 50.00 元');
    const over = await withdraw(t, kol.token, request('150.01'));
    expect(over.json().msg).toBe('The amount exceeds the withdrawable 150.00 yuan');
    const decimals = await withdraw(t, kol.token, request('100.001'));
    expect(decimals.statusCode).toBe(400);
  });

  it('hold the amount with a 6 % fee for a general invoice and none for a special one; the rest stays under the threshold', async () => {
    const kol = await createPartner(t);
    await reviewedEarnings(t, kol, [200]);
    const first = await withdraw(t, kol.token, request('120'));
    expect(first.statusCode).toBe(200);
    expect(await amountsOf(t, kol.token)).toMatchObject({ earnings: '80.00', withdrawable: '80.00', held: '120.00' });
    const list = (await blogger(t, kol.token, 'getWithdrawApplyList')).json().data;
    expect(list.rows).toMatchObject([
      { amount: '120.00', fee: '7.20', payout: '112.80', status: 'submitted', payee: 'personal', payeeName: '张三' },
    ]);
    const second = await withdraw(t, kol.token, request('50'));
    expect(second.json().msg).toBe('The withdrawable amount must reach 100.00 yuan before you can withdraw');

    const special = await createPartner(t);
    await reviewedEarnings(t, special, [100]);
    expect((await withdraw(t, special.token, request('100', 'vatSpecial'))).statusCode).toBe(200);
    expect((await blogger(t, special.token, 'getWithdrawApplyList')).json().data.rows).toMatchObject([
      { amount: '100.00', fee: '0.00', payout: '100.00' },
    ]);
  });

  it('last month’s income is reviewed on the 1st to the 7th and withdrawable from the 8th', async () => {
    const kol = await createPartner(t);
    const friend = await invitee(t, kol.code);
    await rechargeBy(t, friend.token, 2000);
    advanceClock(t, minutesToReviewed(t) - 60);
    kol.token = await signInAgain(t, kol.userId);
    friend.token = await signInAgain(t, friend.userId);
    expect(await amountsOf(t, kol.token)).toMatchObject({ withdrawable: '0.00', inReview: '200.00' });
    advanceClock(t, 60);
    expect(await amountsOf(t, kol.token)).toMatchObject({ withdrawable: '200.00', inReview: '0.00' });
    // December's income is in review until 8 January, beside November's withdrawable.
    await rechargeBy(t, friend.token, 500);
    expect(await amountsOf(t, kol.token)).toMatchObject({ earnings: '250.00', withdrawable: '200.00' });
  });

  it('are completed or rejected by finance operators, audited: the fee to the platform, a rejection back to earnings', async () => {
    const kol = await createPartner(t);
    await reviewedEarnings(t, kol, [300]);
    const a = (await withdraw(t, kol.token, request('100'))).json().data.withdrawalId as string;
    const b = (await withdraw(t, kol.token, request('150'))).json().data.withdrawalId as string;
    const finance = await createOperator(t, ['finance']);
    const review = await createOperator(t, ['review']);
    const decide = (token: string, id: string, payload: object) =>
      t.request({ method: 'POST', url: `/api/admin/finance/withdrawals/${id}`, token, payload, locale: 'en-US' });

    expect((await decide(review.token, a, { decision: 'complete', reason: 'paid' })).statusCode).toBe(403);
    const queue = await t.request({ method: 'GET', url: '/api/admin/finance/withdrawals', token: finance.token });
    expect(queue.json().data.rows.filter((row: { userId: string }) => row.userId === String(kol.userId))).toMatchObject(
      [
        { id: a, amount: '100.00', fee: '6.00', status: 'submitted', payeeName: '张三' },
        { id: b, amount: '150.00', fee: '9.00', status: 'submitted' },
      ],
    );
    const fees = await platformBalance(t, 'fees');
    expect((await decide(finance.token, a, { decision: 'complete', reason: 'paid by Alipay' })).json().data).toEqual({
      id: a,
      status: 'completed',
    });
    expect((await platformBalance(t, 'fees')) - fees).toBe(60_000n);
    const noNote = await decide(finance.token, b, { decision: 'reject', reason: 'wrong account' });
    expect(noNote.json().msg).toBe('A rejection needs a note for the partner');
    await decide(finance.token, b, { decision: 'reject', note: 'Alipay phone unknown', reason: 'wrong account' });
    expect((await decide(finance.token, b, { decision: 'complete', reason: 'again' })).statusCode).toBe(409);

    expect(await amountsOf(t, kol.token)).toMatchObject({ earnings: '200.00', held: '0.00', withdrawable: '200.00' });
    expect(await auditRowsOf(t, finance.userId)).toMatchObject([
      { area: 'finance', action: 'partners.completeWithdrawal', target: `withdrawal:${a}`, reason: 'paid by Alipay' },
      { area: 'finance', action: 'partners.rejectWithdrawal', target: `withdrawal:${b}`, reason: 'wrong account' },
    ]);
    expect((await blogger(t, kol.token, 'getWithdrawApplyList')).json().data.rows).toMatchObject([
      { id: b, status: 'rejected', rejectNote: 'Alipay phone unknown' },
      { id: a, status: 'completed', fee: '6.00', payout: '94.00' },
    ]);
  });

  it('stop, with KOL income, while review operators have revoked the qualification, until they restore it', async () => {
    const kol = await createPartner(t);
    await reviewedEarnings(t, kol, [150]);
    const review = await createOperator(t, ['review']);
    const qualification = (action: string) =>
      t.request({
        method: 'POST',
        url: `/api/admin/review/partners/${kol.userId}/${action}`,
        token: review.token,
        payload: { reason: 'fake invitees' },
      });
    expect((await qualification('revoke')).json().data).toEqual({ status: 'revoked' });
    const refused = await withdraw(t, kol.token, request('100'));
    expect(refused.json().msg).toBe(
      'Your partner qualification has been revoked; please contact support if you have questions',
    );
    const friend = await invitee(t, kol.code);
    await rechargeBy(t, friend.token, 100);
    expect(await amountsOf(t, kol.token)).toMatchObject({ earnings: '150.00' });
    expect(await inviteVouchers(t, friend.token)).toEqual([]);

    expect((await qualification('restore')).json().data).toEqual({ status: 'active' });
    expect((await auditRowsOf(t, review.userId)).map((row) => row.action)).toEqual([
      'partners.revoke',
      'partners.restore',
    ]);
    expect((await withdraw(t, kol.token, request('100'))).statusCode).toBe(200);
  });
});

describe('API-user signing', () => {
  it('signs with the verified name and ID number, and refuses any other', async () => {
    const user = await verifiedUser(t);
    const sign = (name: string, idNumber: string, locale: 'zh-CN' | 'en-US' = 'en-US') =>
      t.request({
        method: 'POST',
        url: '/api/recharge/ApiUserSign/apiUserSign',
        token: user.token,
        payload: { name, idNumber },
        locale,
      });
    const wrong = await sign('李四', user.idNumber);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().msg).toBe('Signing failed, please check name and ID number');
    expect((await sign('张三', '110101199003070019', 'zh-CN')).json().msg).toBe('签约失败，请检查姓名和身份证号');
    const contract = () =>
      t.request({ method: 'GET', url: '/api/recharge/ApiUserSign/apiUserSignContract', token: user.token });
    expect((await contract()).json().data).toMatchObject({ title: 'API 用户服务协议', signedAt: null });
    expect((await sign('张三', user.idNumber)).statusCode).toBe(200);
    expect((await contract()).json().data.signedAt).toBe(t.clock.now().toISOString());
  });
});

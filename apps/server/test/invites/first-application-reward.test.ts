import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, noticesOf, runningApplication, startComputeApp } from '../applications/application-helpers.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { charge } from '../helpers/vouchers.js';
import { fund } from '../helpers/wallets.js';
import { amountsOf, invitedList, inviterAndFriend, recharge } from './invite-helpers.js';

let t: TestApp;
let image: string;
beforeAll(async () => {
  ({ t, image } = await startComputeApp());
});
afterAll(() => t.close());

describe('the first-application reward and the cap of one invitation', () => {
  it('grants 5 yuan two minutes after the friend’s first application, and no more than 65 in all', async () => {
    const { inviter, friend } = await inviterAndFriend(t);
    await fund(t, friend.userId, '500');
    await runningApplication(t, friend.token, image);
    await t.drainEvents();
    await advance(t, 1);
    expect(await amountsOf(t, inviter.token)).toEqual([]);
    await advance(t, 1);
    expect(await amountsOf(t, inviter.token)).toEqual(['5.00']);
    expect((await noticesOf(t, inviter.token))[0]?.content).toBe(
      'You received a 5.00 yuan voucher (a friend created their first application). See it on the Vouchers page.',
    );

    await runningApplication(t, friend.token, image);
    await recharge(t, friend.token, 10);
    await charge(t, friend.userId, '200', { transactionType: 'dataStorage' });
    await advance(t, 1);
    await advance(t, 3);
    expect(await amountsOf(t, inviter.token)).toEqual(['10.00', '5.00', '50.00']);

    // Everything again, and more: the three milestones are each reached once, so 65 yuan is all one friend earns.
    await runningApplication(t, friend.token, image);
    await recharge(t, friend.token, 100);
    await charge(t, friend.userId, '250', { transactionType: 'dataStorage' });
    await advance(t, 1);
    await advance(t, 3);
    expect(await amountsOf(t, inviter.token)).toEqual(['10.00', '5.00', '50.00']);
    expect(await invitedList(t, inviter.token)).toMatchObject({ totalAmount: '65.00', rows: [{ amount: '65.00' }] });
  });
});

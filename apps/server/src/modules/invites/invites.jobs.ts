import { formatMoney, INVITE_REWARDS } from '@suanli/contract';
import type { Tx } from '../../db/client.js';
import { claimOnce } from '../../db/processed-keys.js';
import { defineBatchJob } from '../../jobs/batch-job.js';
import type { NoticesService } from '../notices/index.js';
import type { UsersService } from '../users/index.js';
import type { WalletService } from '../wallet/index.js';
import { dueRewards, markGranted, postpone } from './invites.queries.js';
import { MILESTONES, VERIFICATION_RECHECK_MS } from './invites.rewards.js';
import { inviteRewards } from './invites.tables.js';

interface GrantDependencies {
  users: Pick<UsersService, 'findRealNameVerifiedAt'>;
  wallet: Pick<WalletService, 'grantVoucher'>;
  notices: Pick<NoticesService, 'notifyUser'>;
}

type Reward = typeof inviteRewards.$inferSelect;

/**
 * One ID number verifies one account only (real-name refuses a number another account verified), so two verified
 * accounts are two people: a reward is granted only when both sides are verified, which is how self-invites and
 * invites between one person's accounts earn nothing (docs/decisions/0030). Until then it waits, looked at hourly.
 */
async function bothVerified(tx: Tx, users: GrantDependencies['users'], reward: Reward) {
  const inviter = await users.findRealNameVerifiedAt(tx, reward.inviterId);
  return inviter !== null && (await users.findRealNameVerifiedAt(tx, reward.inviteeId)) !== null;
}

/**
 * Every minute, the invite rewards that fell due are granted to their inviters: a voucher valid 30 days through the
 * wallet, and a notice, in the transaction that marks the reward granted. The claimed key (friend and milestone)
 * makes each reward's voucher happen once, whichever instance or period takes the row.
 */
export function inviteJobs({ users, wallet, notices }: GrantDependencies) {
  async function grant(tx: Tx, reward: Reward, now: Date) {
    if (!(await bothVerified(tx, users, reward))) {
      await postpone(tx, reward.id, new Date(now.getTime() + VERIFICATION_RECHECK_MS));
      return;
    }
    const key = `${reward.inviteeId}:${reward.milestone}`;
    if (!(await claimOnce(tx, { scope: 'invites.reward', key }))) {
      return;
    }
    const { amount, reason } = MILESTONES[reward.milestone];
    const voucher = await wallet.grantVoucher(tx, {
      userId: reward.inviterId,
      kind: 'voucher',
      name: null,
      amount,
      source: 'invite',
      validDays: INVITE_REWARDS.voucherValidDays,
    });
    await markGranted(tx, reward.id, { at: now, voucherId: voucher.id });
    await notices.notifyUser(tx, {
      userId: reward.inviterId,
      kind: 'rewardGranted',
      params: { amount: formatMoney(amount), reason },
      at: now,
    });
  }

  return [
    defineBatchJob({
      name: 'invites.grant-rewards',
      cadence: 'minute',
      // Each run takes every reward due by then, so a missed minute needs no run of its own.
      catchUp: 1,
      table: inviteRewards,
      where: ({ now }) => dueRewards(now),
      apply: (tx, { row }, { now }) => grant(tx, row, now),
    }),
  ];
}

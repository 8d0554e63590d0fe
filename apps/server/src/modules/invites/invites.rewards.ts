import { INVITE_REWARDS, money, type Money } from '@suanli/contract';
import type { Milestone } from './invites.tables.js';

/**
 * What each milestone of a friend earns the inviter (spec §9): 5 yuan at their first application, 10 once they have
 * recharged 10 yuan in all, 50 once their balance has paid 200 yuan (vouchers excluded). Each once per friend, so one
 * invitation earns at most 5 + 10 + 50 = 65 yuan.
 */
export const MILESTONES: Record<
  Milestone,
  { amount: Money; reason: 'inviteFirstApplication' | 'inviteRecharge' | 'inviteConsumption' }
> = {
  firstApplication: { amount: money(INVITE_REWARDS.firstApplicationUnits), reason: 'inviteFirstApplication' },
  recharge: { amount: money(INVITE_REWARDS.rechargeRewardUnits), reason: 'inviteRecharge' },
  consumption: { amount: money(INVITE_REWARDS.consumptionRewardUnits), reason: 'inviteConsumption' },
};

/** The cumulative thresholds of the milestones counted from a total. */
export const THRESHOLDS = {
  recharge: money(INVITE_REWARDS.rechargeThresholdUnits),
  consumption: money(INVITE_REWARDS.consumptionThresholdUnits),
} as const;

const MINUTE_MS = 60_000;

/** A reward falls due about two minutes after its milestone (spec §9), and is granted at the next minute's job. */
export const dueAfter = (reachedAt: Date) => new Date(reachedAt.getTime() + INVITE_REWARDS.delayMinutes * MINUTE_MS);

/** A due reward whose inviter or friend is not yet verified is looked at again this much later. */
export const VERIFICATION_RECHECK_MS = 60 * MINUTE_MS;

import type { Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { claimOnce } from '../../db/processed-keys.js';
import { defineConsumer, type DomainEvent } from '../../events/index.js';
import { addToTotals, findInviterOf, insertInvite, insertReward, type Progress } from './invites.queries.js';
import { dueAfter, MILESTONES, THRESHOLDS } from './invites.rewards.js';
import type { Milestone } from './invites.tables.js';

const userIdOf = (text: string) => BigInt(text) as UserId;

interface Reached {
  milestone: Milestone;
  at: Date;
}

async function reach(tx: Tx, friend: { inviteeId: UserId; inviterId: UserId }, { milestone, at }: Reached) {
  const amountUnits = MILESTONES[milestone].amount;
  await insertReward(tx, { ...friend, milestone, amountUnits, reachedAt: at, dueAt: dueAfter(at) });
}

async function reachThresholds(
  tx: Tx,
  progress: Progress[],
  reached: Reached & { milestone: 'recharge' | 'consumption' },
) {
  for (const friend of progress.filter((each) => each.total >= THRESHOLDS[reached.milestone])) {
    await reach(tx, friend, reached);
  }
}

type Tracked = DomainEvent<'user.registered' | 'application.created' | 'recharge.credited' | 'consumption.posted'>;

async function track(tx: Tx, event: Tracked) {
  const at = event.occurredAt;
  switch (event.type) {
    case 'user.registered': {
      const { userId, inviterId } = event.payload;
      if (inviterId !== null) {
        await insertInvite(tx, { inviteeId: userIdOf(userId), inviterId: userIdOf(inviterId), registeredAt: at });
      }
      return;
    }
    case 'application.created': {
      const inviteeId = userIdOf(event.payload.userId);
      const inviterId = await findInviterOf(tx, inviteeId);
      if (inviterId !== null) {
        await reach(tx, { inviteeId, inviterId }, { milestone: 'firstApplication', at });
      }
      return;
    }
    case 'recharge.credited': {
      const amounts = [{ userId: event.payload.userId, units: event.payload.amount }];
      await reachThresholds(tx, await addToTotals(tx, 'recharged_units', amounts), { milestone: 'recharge', at });
      return;
    }
    case 'consumption.posted': {
      const progress = await addToTotals(tx, 'consumed_units', event.payload.consumptions);
      await reachThresholds(tx, progress, { milestone: 'consumption', at });
      return;
    }
  }
}

/**
 * Invite rewards (spec §9, docs/decisions/0030): follows each invited friend's registration, applications, recharges
 * and balance consumption, and records each milestone's reward, due two minutes later, for the grant job. The totals
 * add once per event (claimOnce on its id, in the transaction that adds them), so a replay counts nothing twice.
 */
export const invitesConsumers = [
  defineConsumer({
    name: 'invites.progress',
    types: ['user.registered', 'application.created', 'recharge.credited', 'consumption.posted'],
    handle: async (tx, event) => {
      if (await claimOnce(tx, { scope: 'invites.progress', key: String(event.id) })) {
        await track(tx, event);
      }
    },
  }),
];

import type { Money } from '@suanli/contract';
import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { at, byDatabase, id, moneyColumn } from '../../db/columns.js';
import type { UserId } from '../../db/ids.js';

export type Milestone = 'firstApplication' | 'recharge' | 'consumption';

/** A user who registered with someone's invitation code, and what counts towards the rewards (migration 0047). */
export const invites = pgTable('invites', {
  inviteeId: id('invitee_id').$type<UserId>().primaryKey(),
  inviterId: id('inviter_id').$type<UserId>().notNull(),
  registeredAt: at('registered_at').notNull(),
  rechargedUnits: moneyColumn('recharged_units').notNull().default(byDatabase),
  consumedUnits: moneyColumn('consumed_units').notNull().default(byDatabase),
});

/** What a friend's milestone earns the inviter: due about two minutes after it, granted once. */
export const inviteRewards = pgTable('invite_rewards', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  inviteeId: id('invitee_id').$type<UserId>().notNull(),
  inviterId: id('inviter_id').$type<UserId>().notNull(),
  milestone: text('milestone').$type<Milestone>().notNull(),
  amountUnits: moneyColumn('amount_units').$type<Money>().notNull(),
  reachedAt: at('reached_at').notNull(),
  dueAt: at('due_at').notNull(),
  status: text('status').$type<'pending' | 'granted'>().notNull().default(byDatabase),
  awaitingVerification: boolean('awaiting_verification').notNull().default(false),
  grantedAt: at('granted_at'),
  voucherId: id('voucher_id'),
});

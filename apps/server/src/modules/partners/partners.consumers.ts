import { money } from '@suanli/contract';
import { claimOnce } from '../../db/processed-keys.js';
import { asUserId } from '../../db/ids.js';
import { defineConsumer } from '../../events/index.js';
import type { IncomeService } from './income.service.js';

const userIdOf = (text: string) => asUserId(BigInt(text));

/**
 * Partners' reactions (decision 0031), each exactly once however often an event is handed to them: the key claimed
 * in the transaction that grants, so a second run or a second instance finds it taken.
 */
export function partnersConsumers(income: IncomeService) {
  return [
    // One consumer for both facts: events of one subject (`user:<id>`) reach it in order, so an invitee's recharge is
    // never handled before their registration made them the KOL's (two consumers would each go at their own pace).
    defineConsumer({
      name: 'partners.kol',
      types: ['user.registered', 'recharge.credited'],
      handle: async (tx, event) => {
        if (event.type === 'user.registered') {
          const { userId, inviterId } = event.payload;
          if (inviterId !== null && (await claimOnce(tx, { scope: 'partners.kol-welcome', key: userId }))) {
            await income.welcomeKolInvitee(tx, {
              userId: userIdOf(userId),
              inviterId: userIdOf(inviterId),
              at: event.occurredAt,
            });
          }
          return;
        }
        const { userId, orderNo, amount } = event.payload;
        if (await claimOnce(tx, { scope: 'partners.kol-income', key: orderNo })) {
          await income.creditKolIncome(tx, { userId: userIdOf(userId), orderNo, amount: money(BigInt(amount)) });
        }
      },
    }),
    defineConsumer({
      name: 'partners.creator-income',
      types: ['gpuTime.billed'],
      handle: async (tx, event) => {
        if (await claimOnce(tx, { scope: 'partners.creator-income', key: String(event.id) })) {
          await income.creditCreatorIncome(tx, {
            eventId: event.id,
            at: event.occurredAt,
            usages: event.payload.usages.map((usage) => ({
              userId: userIdOf(usage.userId),
              imageId: BigInt(usage.imageId),
              minutes: Number(usage.minutes),
            })),
          });
        }
      },
    }),
  ];
}

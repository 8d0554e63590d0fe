import { defineConsumer } from '../../events/index.js';
import { claimOnce } from '../../db/processed-keys.js';
import { addConsumption } from './vip.queries.js';

/**
 * VIP growth (spec §9) from the balance users spend: the wallet records each charge's 'consumption.posted' event in its
 * own statement, and this adds it up, once per event by its id, within the minute (the events are quiet: handled at
 * each drain after a scheduler tick).
 */
export const vipConsumers = [
  defineConsumer({
    name: 'users.vip-growth',
    types: ['consumption.posted'],
    handle: async (tx, event) => {
      if (await claimOnce(tx, { scope: 'users.vip-growth', key: String(event.id) })) {
        await addConsumption(tx, event.payload.consumptions);
      }
    },
  }),
];

import { defineConsumer } from '../../events/index.js';
import { claimOnce } from '../../db/processed-keys.js';
import { addConsumption } from './vip.queries.js';

/**
 * VIP growth (spec §9) from the balance users spend: the wallet publishes what they paid each minute as
 * 'consumption.posted' events, and this adds it up, once per event by its id.
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

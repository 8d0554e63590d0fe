import type { JobDefinition } from '../../jobs/scheduler.js';
import type { InventoryService } from '../inventory/index.js';
import { insertSample, pruneSamples } from './gpu-usage.queries.js';

const KEEP_MS = 40 * 24 * 60 * 60_000;

/**
 * Once an hour, how many GPUs are busy of all: the dashboard's utilisation over time, which no table keeps otherwise.
 * A sample says what the fleet looks like now, so an hour missed while no server ran stays missing rather than
 * being filled with a later hour's state.
 */
export function gpuUsageJob(inventory: Pick<InventoryService, 'gpuStates'>): JobDefinition {
  return {
    name: 'dashboard.sample-gpu-usage',
    cadence: 'hour',
    catchUp: 1,
    run: async (tx, { period, now }) => {
      const hour = new Date(`${period}:00:00Z`);
      if (now.getTime() - hour.getTime() >= 60 * 60_000) {
        return;
      }
      const states = await inventory.gpuStates(tx);
      const busy = states.reduce((sum, row) => sum + row.busy, 0);
      const total = states.reduce((sum, row) => sum + row.free + row.busy + row.broken + row.draining, 0);
      await insertSample(tx, { hour, busy, total });
      await pruneSamples(tx, new Date(now.getTime() - KEEP_MS));
    },
  };
}

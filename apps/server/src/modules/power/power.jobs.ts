import { defineBatchJob } from '../../jobs/batch-job.js';
import { expiredLots, packagesDue } from './power.queries.js';
import type { PowerService } from './power.service.js';
import { powerPackages, powerPointLots } from './power.tables.js';

/**
 * Every minute: each package with a month due gets that month's points (issueDueMonths claims each package-month
 * once), and each lot past its 31 days loses what is left, with a powerPackageExpired row. Balances already leave
 * expired lots out, so a late run changes what the history shows, never what can be spent.
 */
export function powerJobs(service: PowerService) {
  return [
    defineBatchJob({
      name: 'power.issue-package-months',
      cadence: 'minute',
      // Each run takes every package due by then, so a missed minute needs no run of its own.
      catchUp: 1,
      table: powerPackages,
      where: ({ now }) => packagesDue(now),
      apply: async (tx, { row }, { now }) => {
        await service.issueDueMonths(tx, row, now);
      },
    }),
    defineBatchJob({
      name: 'power.expire-points',
      cadence: 'minute',
      catchUp: 1,
      table: powerPointLots,
      where: ({ now }) => expiredLots(now),
      apply: async (tx, { row }, { now }) => {
        await service.expireLot(tx, row, now);
      },
    }),
  ];
}

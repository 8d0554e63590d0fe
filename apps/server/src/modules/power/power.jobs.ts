import { defineBatchJob } from '../../jobs/batch-job.js';
import type { ScheduledJob } from '../../jobs/scheduler.js';
import { forgetOldDraws } from './points-ledger.js';
import { expiredLots, packagesDue } from './power.queries.js';
import type { PowerService } from './power.service.js';
import { powerPackages, powerPointLots } from './power.tables.js';

/**
 * Every minute: each package with a month due gets that month's points (issueDueMonths claims each package-month
 * once), and each lot past its 31 days loses what is left, with a powerPackageExpired row. Balances already leave
 * expired lots out, so a late run changes what the history shows, never what can be spent. Every day, what spends
 * drew from the lots is forgotten once their keys are.
 */
export function powerJobs(service: PowerService): ScheduledJob[] {
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
    {
      name: 'power.forget-old-draws',
      cadence: 'day',
      catchUp: 1,
      run: async (tx, { now, log }) => {
        log.info({ forgotten: await forgetOldDraws(tx, now) }, 'forgot old point draws');
      },
    },
  ];
}

import { and, eq, isNotNull, lte, ne } from 'drizzle-orm';
import { TIMING } from '@suanli/contract';
import { defineBatchJob } from '../../jobs/batch-job.js';
import type { ScheduledJob } from '../../jobs/scheduler.js';
import { applicationsTable as apps } from './applications.tables.js';
import type { Billing } from './billing.js';
import type { DiskSettlement } from './disk-settlement.js';
import type { Reconciler } from './reconciler.js';
import type { RentalTermsService } from './rental-terms.service.js';

const DAY_MS = 86_400_000;

/**
 * Every minute: what the driver says of each running application is confirmed first (reconciler.ts), then running
 * pay-as-you-go applications pay their minutes up to that (billing.ts), and each day expanded data disks
 * theirs (disk-settlement.ts); applications whose timed shutdown or prepaid term has come are stopped, stopped ones left 7 days are
 * destroyed, and then the reconciler works through whatever is unsettled, these included (it runs last for that).
 */
export function applicationJobs({
  terms,
  billing,
  disks,
  reconciling,
}: {
  terms: RentalTermsService;
  billing: Billing;
  disks: DiskSettlement;
  reconciling: Reconciler;
}): ScheduledJob[] {
  const running = eq(apps.desiredState, 'running');
  return [
    reconciling.confirmJob,
    billing.job,
    disks.job,
    defineBatchJob({
      name: 'applications.timed-stop',
      cadence: 'minute',
      catchUp: 1,
      table: apps,
      where: ({ now }) => and(running, isNotNull(apps.timedStopAt), lte(apps.timedStopAt, now)),
      apply: (tx, { row }) => terms.stopDue(tx, row, 'timedShutdown'),
    }),
    defineBatchJob({
      name: 'applications.prepaid-ended',
      cadence: 'minute',
      catchUp: 1,
      table: apps,
      where: ({ now }) => and(running, ne(apps.billingMode, 'minute'), lte(apps.expiresAt, now)),
      apply: (tx, { row }) => terms.stopDue(tx, row, 'expired'),
    }),
    defineBatchJob({
      name: 'applications.delete-stopped',
      cadence: 'minute',
      catchUp: 1,
      table: apps,
      where: ({ now }) =>
        and(
          eq(apps.status, 'stopped'),
          eq(apps.desiredState, 'stopped'),
          lte(apps.stoppedAt, new Date(now.getTime() - TIMING.stoppedApplicationDeletionDays * DAY_MS)),
        ),
      apply: (tx, { row }) => terms.deleteStale(tx, row),
    }),
    reconciling.job,
  ];
}

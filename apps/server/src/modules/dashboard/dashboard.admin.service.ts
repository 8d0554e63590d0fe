import type { EndpointInput, dashboard as contract } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { listConsumers, listParked, retryParked } from '../../events/operations.queries.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../http/operator-audit.js';
import { endOfLocalDay, localDay, startOfLocalDay } from '../../jobs/business-time.js';
import type { Clock } from '../../jobs/clock.js';
import { jobOverview } from '../../jobs/job-runs.queries.js';
import type { ApplicationsModuleService } from '../applications/index.js';
import type { InventoryService } from '../inventory/index.js';
import type { UsersService } from '../users/index.js';
import type { WalletModuleService } from '../wallet/index.js';
import { samplesSince } from './gpu-usage.queries.js';

type Retry = EndpointInput<typeof contract.retryParkedEvent>['body'];

export interface DashboardDependencies {
  db: Db;
  clock: Clock;
  timeZone: string;
  users: Pick<UsersService, 'admin'>;
  wallet: Pick<WalletModuleService, 'admin'>;
  inventory: Pick<InventoryService, 'gpuStates'>;
  applications: Pick<ApplicationsModuleService, 'admin'>;
}

const DAY_MS = 24 * 60 * 60_000;
const iso = (text: string | null) => (text === null ? null : new Date(text).toISOString());

/**
 * The operations console's first page (issue 23): one read per operator area, each from the services of the modules
 * that own its figures (the wallet's ledger accounts, the inventory's GPUs, the users), and the scheduler's and event
 * consumers' state with the retry of a parked event, as `npm run events` does from the shell.
 */
export function dashboardService(deps: DashboardDependencies) {
  const { db, clock, timeZone, users, wallet, inventory, applications } = deps;

  return {
    async users() {
      const day = localDay(clock.now(), timeZone);
      const counts = await users.admin.accountCounts({
        from: startOfLocalDay(day, timeZone),
        until: endOfLocalDay(day, timeZone),
      });
      return { day, ...counts };
    },

    money: () => wallet.admin.dashboard(),

    async fleet() {
      const [gpus, runningApplications, samples] = await Promise.all([
        inventory.gpuStates(db),
        applications.admin.countRunning(),
        samplesSince(db, new Date(clock.now().getTime() - DAY_MS)),
      ]);
      return {
        gpus,
        runningApplications,
        utilisation: samples.map((sample) => ({ ...sample, hour: sample.hour.toISOString() })),
      };
    },

    async operations() {
      const [jobs, consumers, parked] = await Promise.all([jobOverview(db), listConsumers(db), listParked(db)]);
      return {
        jobs: jobs.map((job) => ({
          job: job.job,
          lastPeriod: job.last_period,
          lastFinishedAt: iso(job.last_finished_at),
          failing: job.failing,
          lastError: job.last_error,
        })),
        consumers: consumers.map((consumer) => ({
          name: consumer.name,
          lag: consumer.lag,
          parked: consumer.parked,
          attempts: consumer.attempts,
          lastError: consumer.last_error,
        })),
        parked: parked.map((event) => ({
          consumer: event.consumer,
          eventId: event.event_id,
          type: event.type,
          subject: event.subject,
          error: event.error,
          heldBehind: event.held_behind,
          attempts: event.attempts,
          parkedAt: new Date(event.parked_at).toISOString(),
        })),
      };
    },

    async retry(audit: Audit, { consumer, eventId }: Retry) {
      return inTransaction(db, async (tx) => {
        const outcome = await retryParked(tx, consumer, BigInt(eventId));
        if (outcome === 'unknown' || outcome === 'notParked') {
          throw new AppError(outcome === 'unknown' ? 'notFound' : 'conflict', {
            messageKey: outcome === 'unknown' ? 'dashboard.unknownEvent' : 'dashboard.notParked',
            params: { consumer, eventId },
          });
        }
        await audit(tx, {
          action: 'events.retryParked',
          target: `event:${eventId}`,
          before: { consumer, parked: true },
          after: { consumer, parked: false, unparked: outcome },
        });
        return { consumer, eventId, unparked: outcome };
      });
    },
  };
}

export type DashboardService = ReturnType<typeof dashboardService>;

import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DISKS } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { defineBatchJob } from '../../jobs/batch-job.js';
import type { Clock } from '../../jobs/clock.js';
import type { ComputeDriver, Workload } from '../../providers/compute/types.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { InventoryService } from '../inventory/index.js';
import * as queries from './applications.queries.js';
import { applicationsTable, type ApplicationRow, type Status } from './applications.tables.js';

/** What the driver showed, as the change it makes to the row; null when the row stays as it is. */
type Observation = Partial<
  Pick<ApplicationRow, 'status' | 'statusReason' | 'runningSince' | 'billedThrough' | 'destroyedAt'>
> | null;

export interface ReconcilerDependencies {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  driver: ComputeDriver;
  catalogue: Pick<CatalogueService, 'rentable'>;
  inventory: Pick<InventoryService, 'scheduler'>;
}

// How long an application that was just changed is watched before the minute sweep takes over, and how often.
const SETTLE_POLLS = 120;
const SETTLE_INTERVAL_MS = 250;

/** Statuses in which the application holds no process and no GPU. */
const AT_REST: readonly Status[] = ['stopped', 'abnormal', 'destroyed'];

/**
 * Drives each application's observed status towards its desired state through the compute driver (ARCHITECTURE §5),
 * as a Kubernetes controller does: driver calls happen outside any transaction and are safe to repeat; the change
 * they show is written in a short transaction that re-reads the row and drops the change when the desired state
 * moved meanwhile. Runs at once for an application just changed (`settle`) and every minute for all (`job`).
 */
export function reconciler({ db, clock, log, driver, catalogue, inventory }: ReconcilerDependencies) {
  const settling = new Map<bigint, Promise<void>>();
  let enabled = false;

  async function workloadOf(row: ApplicationRow): Promise<Workload> {
    const [image, held] = await Promise.all([
      catalogue.rentable(row.imageId),
      inventory.scheduler.heldGpus(db, row.id),
    ]);
    if (!held) {
      // Every path to a desired running state allocates in the same transaction, so this is a bug, not a state.
      throw new Error(`application ${row.id} is to run but holds no GPU`);
    }
    return {
      applicationId: String(row.id),
      image: { id: String(row.imageId), name: row.imageName, links: image?.links ?? [] },
      gpu: { model: row.gpuModel, indexes: held.gpuIndexes, simulated: held.simulated },
      hostName: held.hostName,
      dataDiskGb: DISKS.freeDataDiskGb + row.dataDiskGb,
    };
  }

  /** Asks the driver to do what the row wants and reports what it then sees. */
  async function observe(row: ApplicationRow): Promise<Observation> {
    const id = String(row.id);
    if (row.desiredState === 'destroyed') {
      await driver.destroy(id);
      return { status: 'destroyed', destroyedAt: clock.now() };
    }
    if (row.desiredState === 'stopped') {
      await driver.stop(id);
      return { status: 'stopped' };
    }
    if (row.status === 'abnormal') {
      return null;
    }
    let seen = await driver.status(id);
    if (seen.state === 'failed' && row.status === 'restarting') {
      // The owner restarts it after a failure: what the driver remembers of that failure goes with a clean stop.
      await driver.stop(id);
      seen = { state: 'stopped' };
    }
    if (seen.state === 'stopped' || seen.state === 'missing') {
      await driver.start(await workloadOf(row));
      seen = await driver.status(id);
    }
    switch (seen.state) {
      case 'running':
        // Billing counts whole minutes from here.
        return row.status === 'running'
          ? null
          : { status: 'running', runningSince: clock.now(), billedThrough: clock.now(), statusReason: null };
      case 'failed':
        return { status: 'abnormal', statusReason: seen.reason, runningSince: null };
      default:
        // Still coming up; a running application whose process went away is being started again and is not billed.
        return row.status === 'running' ? { status: 'starting', runningSince: null } : null;
    }
  }

  async function apply(tx: Tx, row: ApplicationRow, observation: Observation) {
    const current = await queries.lockApplication(tx, row.id);
    if (!observation || !current || current.desiredState !== row.desiredState || current.status === 'destroyed') {
      return;
    }
    await queries.updateApplication(tx, row.id, observation);
    if (observation.status && AT_REST.includes(observation.status)) {
      await inventory.scheduler.releaseGpus(tx, row.id);
    }
  }

  async function reconcileOnce(applicationId: bigint): Promise<boolean> {
    const row = await queries.findApplication(db, applicationId);
    if (!row || isSettled(row)) {
      return true;
    }
    const observation = await observe(row);
    await inTransaction(db, (tx) => apply(tx, row, observation));
    const after = await queries.findApplication(db, applicationId);
    return !after || isSettled(after);
  }

  async function settle(applicationId: bigint) {
    for (let poll = 0; poll < SETTLE_POLLS && enabled; poll += 1) {
      try {
        if (await reconcileOnce(applicationId)) {
          return;
        }
      } catch (error) {
        log.warn({ err: error, applicationId: String(applicationId) }, 'reconciling an application failed; retrying');
      }
      await sleep(SETTLE_INTERVAL_MS);
    }
  }

  return {
    /** Turns on reconciling at once after a change (the server does, with its scheduler; tests choose). */
    enable() {
      enabled = true;
    },

    /** Watches an application just changed until it settles; one watcher per application at a time. */
    changed(applicationId: bigint) {
      if (!enabled || settling.has(applicationId)) {
        return;
      }
      const watcher = settle(applicationId).finally(() => settling.delete(applicationId));
      settling.set(applicationId, watcher);
    },

    /** Waits for the watchers in flight (shutdown and tests). */
    async idle() {
      while (settling.size > 0) {
        await Promise.all(settling.values());
      }
    },

    async close() {
      enabled = false;
      await Promise.all(settling.values());
    },

    job: defineBatchJob({
      name: 'applications.reconcile',
      cadence: 'minute',
      catchUp: 1,
      batchSize: 20,
      table: applicationsTable,
      // Unsettled ones, and running ones, whose process may have gone away.
      where: () =>
        or(
          queries.unsettled(),
          and(eq(applicationsTable.status, 'running'), eq(applicationsTable.desiredState, 'running')),
        ),
      prepare: (row) => observe(row),
      apply: (tx, { row, prepared }) => apply(tx, row, prepared),
    }),
  };
}

/** Whether nothing is left to do: the status is what was asked, or it is abnormal and waits for its owner. */
function isSettled(row: ApplicationRow): boolean {
  return row.status === row.desiredState || (row.status === 'abnormal' && row.desiredState !== 'destroyed');
}

export type Reconciler = ReturnType<typeof reconciler>;

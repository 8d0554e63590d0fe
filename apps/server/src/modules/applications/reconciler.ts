import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DISKS } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { defineBatchJob } from '../../jobs/batch-job.js';
import type { Clock } from '../../jobs/clock.js';
import type { ComputeDriver, Workload, WorkloadState } from '../../providers/compute/types.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { InventoryService } from '../inventory/index.js';
import * as queries from './applications.queries.js';
import { applicationsTable, type ApplicationRow, type Status } from './applications.tables.js';
import type { Billing } from './billing.js';

/** What the driver showed: the change it makes to the row, or that the run counted still runs; null when nothing. */
type Observation =
  | { kind: 'change'; changes: Partial<ApplicationRow> & { status: Status } }
  | { kind: 'stillRunning'; seenAt: Date; startedAt: Date }
  | null;

export interface ReconcilerDependencies {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  driver: ComputeDriver;
  catalogue: Pick<CatalogueService, 'rentable'>;
  inventory: Pick<InventoryService, 'scheduler'>;
  billing: Pick<Billing, 'closeRun'>;
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
export function reconciler({ db, clock, log, driver, catalogue, inventory, billing }: ReconcilerDependencies) {
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
      ...(row.restoreFrom === null ? {} : { restoreFrom: row.restoreFrom }),
    };
  }

  const change = (changes: Partial<ApplicationRow> & { status: Status }): Observation => ({ kind: 'change', changes });

  /** What the driver says of a workload that is to run, asked at `seenAt`. */
  function running(row: ApplicationRow, seen: WorkloadState, seenAt: Date): Observation {
    switch (seen.state) {
      case 'running':
        // Billing counts whole minutes from the first time it is seen running, and up to the last; a minute a stop
        // already billed whole is not billed again when it runs again within it.
        return row.status === 'running'
          ? { kind: 'stillRunning', seenAt, startedAt: seen.startedAt }
          : change({
              status: 'running',
              runningSince: seenAt,
              billedThrough: row.billedThrough && row.billedThrough > seenAt ? row.billedThrough : seenAt,
              lastSeenRunningAt: seenAt,
              statusReason: null,
            });
      case 'failed':
        return change({ status: 'abnormal', statusReason: seen.reason, runningSince: null, lastSeenRunningAt: null });
      default:
        // Still coming up; a running application whose process went away is being started again and is not billed.
        return row.status === 'running'
          ? change({ status: 'starting', runningSince: null, lastSeenRunningAt: null })
          : null;
    }
  }

  /** Asks the driver to do what the row wants and reports what it then sees. */
  async function observe(row: ApplicationRow): Promise<Observation> {
    const id = String(row.id);
    if (row.desiredState === 'destroyed') {
      await driver.destroy(id);
      return change({ status: 'destroyed', destroyedAt: clock.now(), runningSince: null, lastSeenRunningAt: null });
    }
    if (row.desiredState === 'stopped') {
      await driver.stop(id);
      return change({ status: 'stopped' });
    }
    if (row.status === 'abnormal') {
      return null;
    }
    let seenAt = clock.now();
    let seen = await driver.status(id);
    if (seen.state === 'failed' && row.status === 'restarting') {
      // The owner restarts it after a failure: what the driver remembers of that failure goes with a clean stop.
      await driver.stop(id);
      seen = { state: 'stopped' };
    }
    if (seen.state === 'stopped' || seen.state === 'missing') {
      await driver.start(await workloadOf(row));
      const now = await queries.findApplication(db, row.id);
      if (now && now.desiredState !== 'running') {
        // Stopped or destroyed while this server started it, perhaps by another whose driver found nothing yet to
        // end: the workload started here is ended here. Its observation is then dropped, the row having moved.
        return observe(now);
      }
      seenAt = clock.now();
      seen = await driver.status(id);
    }
    if (seen.state === 'failed') {
      // A crash loop or an image that cannot be pulled: its workload is ended before its GPUs are given to another.
      await driver.stop(id);
    }
    return running(row, seen, seenAt);
  }

  /**
   * Writes what was observed, unless the row moved since it was read (a stale observation from a slow driver call is
   * dropped). A run confirmed again moves `last_seen_running_at` on; one whose workload started anew after it was last
   * seen (the server was down, or the workload restarted) bills what was seen and skips the time nothing was.
   */
  async function apply(tx: Tx, row: ApplicationRow, observation: Observation) {
    const current = await queries.lockApplication(tx, row.id);
    if (
      !observation ||
      !current ||
      current.desiredState !== row.desiredState ||
      current.status !== row.status ||
      current.runningSince?.getTime() !== row.runningSince?.getTime()
    ) {
      return;
    }
    if (observation.kind === 'stillRunning') {
      await confirmRun(tx, current, observation);
      return;
    }
    const from = current.status === 'running' ? await billing.closeRun(tx, current, clock.now()) : current;
    const moved = await queries.transition(tx, from, observation.changes);
    if (moved && AT_REST.includes(moved.status)) {
      await inventory.scheduler.releaseGpus(tx, row.id);
    }
  }

  async function confirmRun(tx: Tx, row: ApplicationRow, { seenAt, startedAt }: { seenAt: Date; startedAt: Date }) {
    const lastSeen = row.lastSeenRunningAt;
    if (lastSeen !== null && seenAt <= lastSeen) {
      return;
    }
    if (lastSeen === null || startedAt > lastSeen) {
      const billed = await billing.closeRun(tx, row, clock.now());
      const restartedAt = billed.billedThrough && billed.billedThrough > startedAt ? billed.billedThrough : startedAt;
      await queries.transition(tx, billed, {
        runningSince: restartedAt,
        billedThrough: restartedAt,
        lastSeenRunningAt: seenAt,
      });
      return;
    }
    await queries.transition(tx, row, { lastSeenRunningAt: seenAt });
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

    /**
     * Grows the driver's data disk to the size the row holds now, once an expansion committed. Read afresh, so that
     * of two expansions at once the larger wins whichever call comes last; a workload not yet started gets it from
     * `start`. A failed call is logged and not retried: every later start gives the driver the full size.
     */
    async resize(applicationId: bigint) {
      const row = await queries.findApplication(db, applicationId);
      if (!row || row.desiredState === 'destroyed') {
        return;
      }
      try {
        await driver.resizeDisk(String(row.id), DISKS.freeDataDiskGb + row.dataDiskGb);
      } catch (error) {
        log.warn({ err: error, applicationId: String(applicationId) }, 'growing a data disk failed');
      }
    },

    /**
     * Confirms now what the driver says of a running application, before its owner stops or destroys it, so that the
     * minute it is stopped in is billed only if it was seen running in it.
     */
    async confirm(applicationId: bigint) {
      const row = await queries.findApplication(db, applicationId);
      if (!row || row.status !== 'running' || row.desiredState !== 'running') {
        return;
      }
      const seenAt = clock.now();
      const observation = running(row, await driver.status(String(row.id)), seenAt);
      if (observation?.kind === 'stillRunning') {
        await inTransaction(db, (tx) => apply(tx, row, observation));
      }
    },

    /**
     * Every minute, first of the application jobs: what the driver says of each running application, so that billing
     * counts up to what was just confirmed running, and a workload that went away is started again or marked abnormal.
     */
    confirmJob: defineBatchJob({
      name: 'applications.confirm-running',
      cadence: 'minute',
      catchUp: 1,
      batchSize: 100,
      table: applicationsTable,
      where: () => and(eq(applicationsTable.status, 'running'), eq(applicationsTable.desiredState, 'running')),
      prepare: (row) => observe(row),
      apply: (tx, { row, prepared }) => apply(tx, row, prepared),
    }),

    /** Every minute, last of the application jobs: whatever is unsettled, the changes the jobs before it made too. */
    job: defineBatchJob({
      name: 'applications.reconcile',
      cadence: 'minute',
      catchUp: 1,
      batchSize: 20,
      table: applicationsTable,
      where: () => queries.unsettled(),
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

import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { inTransaction } from '../db/transaction.js';
import type { ConsumerRunner } from '../events/consumer-runner.js';
import type { BatchJob } from './batch-job.js';
import { runBatch } from './batch-runner.js';
import { isRunning } from './batch-runs.queries.js';
import type { Clock } from './clock.js';
import type { JobDefinition } from './job-definition.js';
import {
  abandonedPeriods,
  claimRun,
  failRun,
  finishRun,
  lastDonePeriod,
  lockOwnRun,
  type OwnedRun,
} from './job-runs.queries.js';
import { duePeriods } from './periods.js';

export type { JobContext, JobDefinition } from './job-definition.js';

/** A plain job (job-definition.ts) or a batch job (`defineBatchJob`, jobs/batch-job.ts). */
export type ScheduledJob = JobDefinition | BatchJob;

export interface SchedulerOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  timeZone: string;
  jobs: ScheduledJob[];
  /** The modules' event consumers (events/): drained after each tick's jobs, and woken by commits once started. */
  consumers?: ConsumerRunner;
  leaseMs?: number;
  retryMs?: number;
  owner?: string;
}

export interface RunRecord {
  job: string;
  period: string;
}

export class Scheduler {
  readonly owner: string;
  private readonly leaseMs: number;
  private readonly retryMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RunRecord[]> | undefined;

  constructor(private readonly options: SchedulerOptions) {
    this.owner = options.owner ?? randomUUID();
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.retryMs = options.retryMs ?? 30_000;
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      void this.tick().catch((error: unknown) => this.options.log.error({ err: error }, 'scheduler tick failed'));
    }, intervalMs);
    this.timer.unref();
    this.options.consumers?.start();
  }

  /** Stops the timer and waits for the tick in progress, so shutdown never cuts a job's transaction short. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
    await this.options.consumers?.stop();
  }

  /** Hands the events written so far to their consumers, without running any job. */
  async drainEvents(): Promise<void> {
    await this.options.consumers?.drain();
  }

  /**
   * Runs everything due now, then the events it wrote; overlapping calls share one pass. Returns the (job, period)
   * pairs this call ran.
   */
  tick(): Promise<RunRecord[]> {
    if (!this.running) {
      this.running = this.runDue()
        .then(async (ran) => {
          await this.options.consumers?.drain();
          return ran;
        })
        .finally(() => {
          this.running = undefined;
        });
    }
    return this.running;
  }

  private async runDue(): Promise<RunRecord[]> {
    const ran: RunRecord[] = [];
    for (const job of this.options.jobs) {
      const { db, clock, timeZone } = this.options;
      const now = clock.now();
      const retries = await abandonedPeriods(db, job.name);
      const lastDone = await lastDonePeriod(db, job.name);
      const due = duePeriods({ cadence: job.cadence, now, lastDone, timeZone, limit: job.catchUp ?? 60 });
      for (const period of [...new Set([...retries, ...due])].sort()) {
        if (await this.runOnce(job, period, now)) {
          ran.push({ job: job.name, period });
        }
      }
    }
    return ran;
  }

  private runOnce(job: ScheduledJob, period: string, now: Date): Promise<boolean> {
    const run = { job: job.name, period, owner: this.owner };
    return 'kind' in job ? this.runBatchOnce(job, run, now) : this.runPlainOnce(job, run, now);
  }

  private async runPlainOnce(job: JobDefinition, run: OwnedRun, now: Date): Promise<boolean> {
    const { db, log } = this.options;
    const claimed = await claimRun(db, { ...run, leaseMs: this.leaseMs });
    if (!claimed) {
      return false;
    }
    const jobLog = log.child({ job: run.job, period: run.period, attempt: claimed.attempts });
    try {
      return await inTransaction(db, async (tx) => {
        if (!(await lockOwnRun(tx, run))) {
          return false;
        }
        await job.run(tx, { period: run.period, now, log: jobLog });
        await finishRun(tx, run);
        return true;
      });
    } catch (error) {
      jobLog.error({ err: error }, 'job failed; it will be retried');
      await failRun(db, { ...run, error: String(error), retryMs: this.retryMs });
      return false;
    }
  }

  /**
   * A batch period is claimed like any other; but while its holder works, others join in (unless the job has an
   * outside step), since every row is claimed on its own. Failures roll back one chunk: the rest stays done.
   */
  private async runBatchOnce(job: BatchJob, run: OwnedRun, now: Date): Promise<boolean> {
    const { db, log } = this.options;
    const claimed = await claimRun(db, { ...run, leaseMs: this.leaseMs });
    if (!claimed && (job.exclusive || !(await isRunning(db, run)))) {
      return false;
    }
    const jobLog = log.child({ job: run.job, period: run.period, attempt: claimed?.attempts ?? 'helper' });
    const lease = claimed ? { owner: this.owner, leaseMs: this.leaseMs } : null;
    try {
      return await runBatch({ db, job, context: { period: run.period, now, log: jobLog }, lease });
    } catch (error) {
      jobLog.error({ err: error }, 'batch chunk failed; the period will be resumed');
      if (claimed) {
        await failRun(db, { ...run, error: String(error), retryMs: this.retryMs });
      }
      return false;
    }
  }
}

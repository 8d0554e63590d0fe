import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { inTransaction } from '../db/transaction.js';
import type { Clock } from './clock.js';
import { abandonedPeriods, claimRun, failRun, finishRun, lastDonePeriod, lockOwnRun } from './job-runs.queries.js';
import { duePeriods, type Cadence } from './periods.js';

export interface JobContext {
  period: string;
  now: Date;
  log: FastifyBaseLogger;
}

/**
 * A job's work for one period runs inside the transaction that marks the period done, so the two commit together:
 * a crash mid-way rolls both back and the period is run again, exactly once in all.
 */
export interface JobDefinition {
  name: string;
  cadence: Cadence;
  /** How many missed periods to catch up after downtime; older ones are left. */
  catchUp?: number;
  run(tx: Db, context: JobContext): Promise<void>;
}

export interface SchedulerOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  timeZone: string;
  jobs: JobDefinition[];
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
  }

  /** Stops the timer and waits for the tick in progress, so shutdown never cuts a job's transaction short. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Runs everything due now; overlapping calls share one pass. Returns the (job, period) pairs this call ran. */
  tick(): Promise<RunRecord[]> {
    if (!this.running) {
      this.running = this.runDue().finally(() => {
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
      const due = duePeriods(job.cadence, now, await lastDonePeriod(db, job.name), timeZone, job.catchUp ?? 60);
      for (const period of [...new Set([...retries, ...due])].sort()) {
        if (await this.runOnce(job, period, now)) {
          ran.push({ job: job.name, period });
        }
      }
    }
    return ran;
  }

  private async runOnce(job: JobDefinition, period: string, now: Date): Promise<boolean> {
    const { db, log } = this.options;
    const claimed = await claimRun(db, job.name, period, this.owner, this.leaseMs);
    if (!claimed) {
      return false;
    }
    const jobLog = log.child({ job: job.name, period, attempt: claimed.attempts });
    try {
      return await inTransaction(db, async (tx) => {
        if (!(await lockOwnRun(tx, job.name, period, this.owner))) {
          return false;
        }
        await job.run(tx, { period, now, log: jobLog });
        await finishRun(tx, job.name, period);
        return true;
      });
    } catch (error) {
      jobLog.error({ err: error }, 'job failed; it will be retried');
      await failRun(db, job.name, period, this.owner, String(error), this.retryMs);
      return false;
    }
  }
}

import type { Db, Tx } from '../db/client.js';
import type { LockMode } from '../db/locks.js';
import { claimMany } from '../db/processed-keys.js';
import { inTransaction } from '../db/transaction.js';
import { rowKey, type BatchItem, type BatchJob } from './batch-job.js';
import { lockRunToFinish, releaseLease, renewLease, shareRun } from './batch-runs.queries.js';
import { finishRun, type RunId } from './job-runs.queries.js';
import type { JobContext } from './job-definition.js';

export interface BatchRun {
  db: Db;
  job: BatchJob;
  context: JobContext;
  /** This instance's lease on the period, if it holds it; a helper of another instance's run has none. */
  lease: { owner: string; leaseMs: number } | null;
}

// Row keys outlive the 30 days for which finished job runs are kept, so a period is never judged by half its keys.
const KEY_RETENTION_MS = 40 * 24 * 60 * 60_000;

type Prepared = BatchItem & { prepared: unknown };

const runId = (run: BatchRun): RunId => ({ job: run.job.name, period: run.context.period });

// Each row's effect commits with its key, so no crash and no second worker can apply it twice in one period.
async function applyAll(tx: Tx, run: BatchRun, items: Prepared[]) {
  const { job, context } = run;
  const expiresAt = new Date(context.now.getTime() + KEY_RETENTION_MS);
  const claimed = await claimMany(tx, {
    scope: job.name,
    keys: items.map((item) => rowKey(context.period, item.key)),
    expiresAt,
  });
  const fresh = items.filter((item) => claimed.has(rowKey(context.period, item.key)));
  if (fresh.length > 0) {
    await job.apply(tx, fresh, context);
  }
}

// One short transaction: claim up to batchSize due rows, apply each. Null once the period is no longer running.
function runChunk(run: BatchRun, mode: LockMode): Promise<number | null> {
  const { db, job, context } = run;
  return inTransaction(db, async (tx) => {
    if (!(await shareRun(tx, runId(run)))) {
      return null;
    }
    const items = await job.claim(tx, context, { limit: job.batchSize, mode });
    await applyAll(
      tx,
      run,
      items.map((item) => ({ ...item, prepared: undefined })),
    );
    return items.length;
  });
}

// With an outside step: claim in one transaction, call outside any, apply in a second one.
async function runChunkWithStep(run: BatchRun, mode: LockMode): Promise<number | null> {
  const { db, job, context } = run;
  const items = await inTransaction(db, async (tx) =>
    (await shareRun(tx, runId(run))) ? job.claim(tx, context, { limit: job.batchSize, mode }) : null,
  );
  if (items === null) {
    return null;
  }
  if (items.length === 0) {
    return 0;
  }
  const prepared: Prepared[] = [];
  for (const item of items) {
    prepared.push({ ...item, prepared: await job.prepare(item.row, context) });
  }
  return inTransaction(db, async (tx) => {
    if (!(await shareRun(tx, runId(run)))) {
      return null;
    }
    await applyAll(tx, run, prepared);
    return items.length;
  });
}

// Marks the period done if no row is left; waits for every chunk in flight first, so none is cut off.
function finish(run: BatchRun): Promise<boolean> {
  return inTransaction(run.db, async (tx) => {
    if (!(await lockRunToFinish(tx, runId(run))) || (await run.job.hasPending(tx, run.context))) {
      return false;
    }
    await finishRun(tx, runId(run));
    return true;
  });
}

/**
 * Works through the period's due rows chunk by chunk until none is left, then marks it done (true). Rows that other
 * transactions hold are skipped at first, then waited for once; if some are still held, or another instance took the
 * period over, it stops (false) and the next tick resumes where the keys say it stopped.
 */
export async function runBatch(run: BatchRun): Promise<boolean> {
  const chunk = run.job.exclusive ? runChunkWithStep : runChunk;
  for (let idle = 0; idle < 2;) {
    const claimed = await chunk(run, idle === 0 ? 'skip-locked' : 'wait');
    if (claimed === null) {
      return false;
    }
    if (claimed > 0) {
      idle = 0;
      if (run.lease && !(await renewLease(run.db, { ...runId(run), ...run.lease }))) {
        return false;
      }
    } else if (await finish(run)) {
      return true;
    } else {
      idle += 1;
    }
  }
  if (run.lease) {
    await releaseLease(run.db, { ...runId(run), owner: run.lease.owner });
  }
  return false;
}

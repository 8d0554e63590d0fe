import type { Db, Tx } from '../db/client.js';
import type { LockMode } from '../db/locks.js';
import { claimMany } from '../db/processed-keys.js';
import { inTransaction } from '../db/transaction.js';
import { rowKey, type BatchItem, type BatchJob } from './batch-job.js';
import { lockRunToFinish, releaseLease, renewLease, shareRun } from './batch-runs.queries.js';
import { finishRun, type RunId } from './job-runs.queries.js';
import type { JobContext } from './job-definition.js';
import type { Cadence } from './periods.js';

export interface BatchRun {
  db: Db;
  job: BatchJob;
  context: JobContext;
  /** This instance's lease on the period, if it holds it; a helper of another instance's run has none. */
  lease: { owner: string; leaseMs: number } | null;
}

/** A run as it goes: for a job without row keys, the rows it applied; one of them claimed again is a row left due. */
type Working = BatchRun & { applied: Set<string> };

const DAY_MS = 24 * 60 * 60_000;

/**
 * How long a period's row keys are kept: while the period may still be worked (a failed attempt is retried until it
 * finishes). Daily and hourly keys outlive the 30 days for which finished job runs are kept. A per-minute job writes a
 * key per row every minute (a billing tick over 10,000 applications, 14 million a day), so its keys go after a day: a
 * minute left unfinished for longer is worked again from its rows' own state, which each per-minute job reads (billing
 * its `billed_through`, the reconciler the observed status).
 */
const KEY_RETENTION_MS: Record<Cadence, number> = { minute: DAY_MS, hour: 40 * DAY_MS, day: 40 * DAY_MS };

type Prepared = BatchItem & { prepared: unknown };

const runId = (run: BatchRun): RunId => ({ job: run.job.name, period: run.context.period });

/**
 * Each row's effect commits with its key, or for a job done by its rows' state with the change that takes the row out
 * of the due set, so no crash and no second worker can apply it twice in one period.
 */
async function applyAll(tx: Tx, run: Working, items: Prepared[]) {
  const { job, context } = run;
  if (!job.keyed) {
    const again = items.find((item) => run.applied.has(item.key));
    if (again) {
      throw new Error(`${job.name}: row ${again.key} is still due after its effect in period ${context.period}`);
    }
    await job.apply(tx, items, context);
    return;
  }
  const expiresAt = new Date(context.now.getTime() + KEY_RETENTION_MS[job.cadence]);
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

/** Where a run's next claim starts: after the last row it claimed (BatchItem.cursor), or from the first when undefined. */
type Cursor = string | undefined;

/** How many rows a chunk claimed and the last of them; null once the period is no longer running. */
type ChunkResult = { claimed: number; last: Cursor } | null;

const resultOf = (items: BatchItem[]): ChunkResult => ({ claimed: items.length, last: items.at(-1)?.cursor });

// One short transaction: claim up to batchSize due rows, apply each.
async function runChunk(run: Working, mode: LockMode, after: Cursor): Promise<ChunkResult> {
  const { db, job, context } = run;
  const items = await inTransaction(db, async (tx) => {
    if (!(await shareRun(tx, runId(run)))) {
      return null;
    }
    const claimed = await job.claim(tx, context, { limit: job.batchSize, mode, ...(after ? { after } : {}) });
    await applyAll(
      tx,
      run,
      claimed.map((item) => ({ ...item, prepared: undefined })),
    );
    return claimed;
  });
  return items === null ? null : committed(run, items);
}

// Only once the chunk committed are its rows applied.
function committed(run: Working, items: BatchItem[]): ChunkResult {
  if (!run.job.keyed) {
    items.forEach((item) => run.applied.add(item.key));
  }
  return resultOf(items);
}

// With an outside step: claim in one transaction, call outside any, apply in a second one.
async function runChunkWithStep(run: Working, mode: LockMode, after: Cursor): Promise<ChunkResult> {
  const { db, job, context } = run;
  const items = await inTransaction(db, async (tx) =>
    (await shareRun(tx, runId(run)))
      ? job.claim(tx, context, { limit: job.batchSize, mode, ...(after ? { after } : {}) })
      : null,
  );
  if (items === null) {
    return null;
  }
  if (items.length === 0) {
    return resultOf(items);
  }
  const prepared: Prepared[] = [];
  for (const item of items) {
    prepared.push({ ...item, prepared: await job.prepare(item.row, context) });
  }
  const done = await inTransaction(db, async (tx) => {
    if (!(await shareRun(tx, runId(run)))) {
      return false;
    }
    await applyAll(tx, run, prepared);
    return true;
  });
  return done ? committed(run, items) : null;
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
export async function runBatch(batch: BatchRun): Promise<boolean> {
  const run: Working = { ...batch, applied: new Set() };
  const chunk = run.job.exclusive ? runChunkWithStep : runChunk;
  // Each claim starts after the last row claimed, so that a period of many rows is one pass over them rather than a
  // rescan of every row done so far; an empty claim past the cursor starts once more from the first row, for the
  // rows that others held when the pass went by.
  let after: Cursor;
  for (let idle = 0; idle < 2;) {
    const result = await chunk(run, idle === 0 ? 'skip-locked' : 'wait', after);
    if (result === null) {
      return false;
    }
    if (result.claimed > 0) {
      idle = 0;
      after = result.last;
      if (run.lease && !(await renewLease(run.db, { ...runId(run), ...run.lease }))) {
        return false;
      }
    } else if (after !== undefined) {
      after = undefined;
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

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { Clock } from '../../jobs/clock.js';
import type { JobDefinition } from '../../jobs/job-definition.js';
import type { ComputeDriver, IncomingFile } from '../../providers/compute/types.js';
import * as queries from './transfers.queries.js';
import type { TransferFailure, TransferItem, TransferRow } from './transfers.tables.js';
import type { CopySources } from './transfers.service.js';

// A copy's worker renews its lease as bytes arrive; one silent for this long is taken as dead and its copy redone.
const LEASE_MS = 2 * 60_000;
// Progress is written at most this often: the bar moves, the database is not written per chunk.
const PROGRESS_EVERY_MS = 250;

/** A file whose source no longer has it: the copy fails naming it rather than retrying for ever. */
class SourceMissing extends Error {
  constructor(readonly path: string) {
    super(`source missing for ${path}`);
  }
}

function failureOf(error: unknown): TransferFailure {
  if (error instanceof SourceMissing) {
    return { key: 'transfers.sourceMissing', params: { path: `/${error.path}` } };
  }
  const reason = error instanceof Error ? error.message : String(error);
  return { key: 'transfers.failed', params: { reason } };
}

/**
 * Runs queued copies through the compute driver, outside any transaction (jobs/README.md "outside step"): a short
 * transaction claims one with SKIP LOCKED under a lease, `driver.copyIn` writes it while progress renews the lease,
 * and the outcome is written only by the holder of that lease. Woken when a copy commits (`wake`) and every minute
 * (`job`), which also picks up a copy whose worker died with the server.
 */
export function transferRunner({
  db,
  clock,
  log,
  driver,
  sources,
}: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  driver: ComputeDriver;
  sources: CopySources;
}) {
  let draining: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const leaseFrom = (now: Date) => new Date(now.getTime() + LEASE_MS);

  function incoming(item: TransferItem): IncomingFile {
    const source = sources[item.source.kind];
    return {
      path: item.path,
      size: item.size,
      open: async () => {
        const stream = await source.open(item.source.key);
        if (!stream) {
          throw new SourceMissing(item.path);
        }
        return stream;
      },
      url: () => source.url(item.source.key),
    };
  }

  async function copy(row: TransferRow) {
    let written = 0;
    let done = 0;
    const onProgress = async (bytesDone: number) => {
      done = bytesDone;
      const now = Date.now();
      if (now - written >= PROGRESS_EVERY_MS) {
        written = now;
        await queries.recordProgress(db, row, { bytesDone, leaseUntil: leaseFrom(clock.now()) });
      }
    };
    // A driver that reports no bytes on the way (a Kubernetes Job) still holds its lease while it works.
    const heartbeat = setInterval(() => {
      queries
        .recordProgress(db, row, { bytesDone: done, leaseUntil: leaseFrom(clock.now()) })
        .catch((error: unknown) => {
          log.warn({ err: error, transferId: String(row.id) }, 'renewing a copy’s lease failed');
        });
    }, LEASE_MS / 4);
    let failure: TransferFailure | undefined;
    try {
      await driver.copyIn(String(row.applicationId), row.items.map(incoming), onProgress);
    } catch (error) {
      log.warn({ err: error, transferId: String(row.id) }, 'a copy onto a data disk failed');
      failure = failureOf(error);
    } finally {
      clearInterval(heartbeat);
    }
    await queries.finishTransfer(db, row, { at: clock.now(), failure });
  }

  async function drain() {
    do {
      again = false;
      for (;;) {
        const now = clock.now();
        const row = await inTransaction(db, (tx) => queries.claimDueTransfer(tx, now, leaseFrom(now)));
        if (!row) {
          break;
        }
        await copy(row);
      }
    } while (again && !closed);
  }

  function wake() {
    if (closed) {
      return;
    }
    if (draining) {
      again = true;
      return;
    }
    draining = drain()
      .catch((error: unknown) => log.warn({ err: error }, 'running copies failed; the minute job retries'))
      .finally(() => {
        draining = null;
      });
  }

  const job: JobDefinition = {
    name: 'applications.copy-transfers',
    cadence: 'minute',
    catchUp: 1,
    // The copies run outside this transaction: it only wakes the runner when some are due.
    run: async (tx, { now }) => {
      if (await queries.hasDueTransfers(tx, now)) {
        wake();
      }
    },
  };

  return {
    wake,
    job,
    /** Waits until no copy is running (tests, shutdown). */
    async idle() {
      while (draining) {
        await draining;
      }
    },
    async close() {
      closed = true;
      while (draining) {
        await draining;
      }
    },
  };
}

export type TransferRunner = ReturnType<typeof transferRunner>;

import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';

// Real PostgreSQL only: what a race test waits for, read from pg_stat_activity rather than guessed with a delay.

/** Whether some session of this database waits for a lock now: a caller blocked, not merely slow. */
export async function someoneWaitsForALock(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ waiting: number }>(
    db,
    sql`SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return row!.waiting > 0;
}

/** Resolves once some session of this database waits for a lock. */
export async function untilSomeoneWaitsForALock(db: Db): Promise<void> {
  while (!(await someoneWaitsForALock(db))) {
    await sleep(10);
  }
}

/** Resolves once this database has no transaction open but the asking session's: whatever was running has written. */
export async function untilNoOtherTransaction(db: Db): Promise<void> {
  for (;;) {
    const [row] = await queryRows<{ open: number }>(
      db,
      sql`SELECT count(*)::int AS open FROM pg_stat_activity
          WHERE datname = current_database() AND xact_start IS NOT NULL AND pid <> pg_backend_pid()`,
    );
    if (row!.open === 0) {
      return;
    }
    await sleep(10);
  }
}

import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { Db } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { ConsumerRunner } from '../../src/events/consumer-runner.js';
import { defineConsumer, recordEvent } from '../../src/events/index.js';
import type { Database } from '../../src/db/client.js';
import type { Clock } from '../../src/jobs/clock.js';
import { scratchEffects } from './scratch-tables.js';

/** An event for the mechanism's tests: a real type of the registry, told apart by subject and `spendable`. */
export const testEvent = (subject: string, spendable: number, at = new Date('2026-11-26T00:00:00Z')) => ({
  type: 'balance.low' as const,
  subject,
  payload: { userId: '1', level: 'hour' as const, spendable: String(spendable) },
  at,
});

/** Writes the events in one transaction, as a module writes its facts; `pauseMs` keeps it open between them. */
export async function recordEvents(db: Db, events: ReturnType<typeof testEvent>[], pauseMs = 0) {
  await inTransaction(db, async (tx) => {
    for (const event of events) {
      await recordEvent(tx, event);
      if (pauseMs > 0) {
        await sleep(pauseMs);
      }
    }
  });
}

export interface EffectConsumerOptions {
  name: string;
  /** Written into each effect, to tell which instance handled it. */
  worker: string;
  batchSize?: number;
  /** Throws for the events whose `spendable` it names, while `failing.on` is true. */
  failing?: { spendable: string; on: boolean };
  /** Called before each event's effect, with how many events this consumer saw before. */
  onEvent?: (seen: number) => Promise<void>;
}

/** A consumer whose effect is one `scratch_effects` row per event (item_id = event id): a double shows as two rows. */
export function effectConsumer(options: EffectConsumerOptions) {
  let seen = 0;
  return defineConsumer({
    name: options.name,
    types: ['balance.low'],
    ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    handle: async (tx, event) => {
      seen += 1;
      await options.onEvent?.(seen - 1);
      await tx.insert(scratchEffects).values({ itemId: event.id, period: options.name, worker: options.worker });
      if (options.failing?.on && event.payload.spendable === options.failing.spendable) {
        throw new Error(`cannot handle ${event.payload.spendable}`);
      }
    },
  });
}

export function consumerRunner(database: Database, clock: Clock, consumers: ReturnType<typeof effectConsumer>[]) {
  return new ConsumerRunner({
    db: database.db,
    clock,
    log: pino({ level: 'silent' }),
    listen: database.listen,
    consumers,
  });
}

/** The events a consumer handled, in the order it handled them: the event's subject and `spendable`, and who did. */
export function handled(db: Db, consumer: string) {
  return queryRows<{ event_id: string; subject: string; spendable: string; worker: string }>(
    db,
    sql`SELECT f.item_id::text AS event_id, e.subject, e.payload->>'spendable' AS spendable, f.worker
        FROM scratch_effects f JOIN events e ON e.id = f.item_id
        WHERE f.period = ${consumer} ORDER BY f.id`,
  );
}

/** The consumer's row: where it is, and the failures of the event after it. */
export async function consumerRow(db: Db, consumer: string) {
  const [row] = await queryRows<{ attempts: number; last_error: string | null; retry_at: Date | string | null }>(
    db,
    sql`SELECT attempts, last_error, retry_at FROM event_consumers WHERE name = ${consumer}`,
  );
  return row && { ...row, retry_at: row.retry_at === null ? null : new Date(row.retry_at).toISOString() };
}

export function parkedOf(db: Db, consumer: string) {
  return queryRows<{ spendable: string; subject: string; error: string | null; attempts: number; held: boolean }>(
    db,
    sql`SELECT e.payload->>'spendable' AS spendable, p.subject, p.error, p.attempts, p.held_behind IS NOT NULL AS held
        FROM parked_events p JOIN events e ON e.id = p.event_id WHERE p.consumer = ${consumer} ORDER BY e.id`,
  );
}

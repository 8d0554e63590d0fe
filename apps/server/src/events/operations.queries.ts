import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { queryRows } from '../db/sql.js';
import { lockConsumer } from './events.queries.js';

/**
 * Each consumer's place, its failing event if any, how many events it has parked, and its lag: the events written
 * after its place (of any type: a consumer moves past the others' as it drains).
 */
export function listConsumers(db: Db) {
  return queryRows<{
    name: string;
    after_id: string;
    failing_event_id: string | null;
    attempts: number;
    last_error: string | null;
    retry_at: string | null;
    parked: number;
    lag: number;
  }>(
    db,
    sql`SELECT c.name, c.after_id::text, c.failing_event_id::text, c.attempts, c.last_error, c.retry_at::text,
               (SELECT count(*)::int FROM parked_events p WHERE p.consumer = c.name) AS parked,
               (SELECT count(*)::int FROM events e WHERE (e.tx_id, e.id) > (c.after_tx, c.after_id)) AS lag
        FROM event_consumers c ORDER BY c.name`,
  );
}

/** Parked events, oldest first: the poison events with their error, and those held behind them. */
export function listParked(db: Db, consumer?: string) {
  return queryRows<{
    consumer: string;
    event_id: string;
    type: string;
    subject: string;
    error: string | null;
    attempts: number;
    held_behind: string | null;
    parked_at: string;
  }>(
    db,
    sql`SELECT p.consumer, p.event_id::text, e.type, p.subject, p.error, p.attempts, p.held_behind::text,
               p.parked_at::text
        FROM parked_events p JOIN events e ON e.id = p.event_id
        WHERE ${consumer === undefined ? sql`true` : sql`p.consumer = ${consumer}`}
        ORDER BY e.tx_id, e.id, p.consumer`,
  );
}

/**
 * Moves the consumer back to just before event `fromId` and un-parks its events from there on, so that it handles
 * them all again, in order, as soon as a server runs it; and wakes the servers that run it. Answers how many events
 * were un-parked, or null when the consumer or the event is unknown.
 */
export async function replayFrom(tx: Tx, consumer: string, fromId: bigint): Promise<number | null> {
  if (!(await lockConsumer(tx, consumer, 'wait'))) {
    return null;
  }
  const [from] = await queryRows<{ tx_id: string }>(
    tx,
    sql`SELECT tx_id::text FROM events WHERE id = ${fromId.toString()}::bigint`,
  );
  if (!from) {
    return null;
  }
  const start = sql`(${from.tx_id}::xid8, ${fromId.toString()}::bigint)`;
  const unparked = await queryRows<{ event_id: string }>(
    tx,
    sql`DELETE FROM parked_events p USING events e
        WHERE p.consumer = ${consumer} AND e.id = p.event_id AND (e.tx_id, e.id) >= ${start}
        RETURNING p.event_id::text`,
  );
  await tx.execute(
    sql`UPDATE event_consumers SET after_tx = ${from.tx_id}::xid8, after_id = ${(fromId - 1n).toString()}::bigint,
          failing_event_id = NULL, attempts = 0, last_error = NULL, retry_at = NULL
        WHERE name = ${consumer}`,
  );
  await tx.execute(sql`SELECT pg_notify('events_written', '')`);
  return unparked.length;
}

/**
 * Hands a parked event that its consumer gave up on (one with an error) to the consumer again, replaying from it:
 * 'unknown' when the consumer or the event is unknown, 'notParked' when the event is no longer parked (retried
 * already: the check holds the consumer's lock, so of two retries at once the second finds it gone).
 */
export async function retryParked(
  tx: Tx,
  consumer: string,
  eventId: bigint,
): Promise<number | 'unknown' | 'notParked'> {
  if (!(await lockConsumer(tx, consumer, 'wait'))) {
    return 'unknown';
  }
  const [parked] = await queryRows(
    tx,
    sql`SELECT 1 FROM parked_events
        WHERE consumer = ${consumer} AND event_id = ${eventId.toString()}::bigint AND error IS NOT NULL`,
  );
  if (!parked) {
    const [event] = await queryRows(tx, sql`SELECT 1 FROM events WHERE id = ${eventId.toString()}::bigint`);
    return event ? 'notParked' : 'unknown';
  }
  return (await replayFrom(tx, consumer, eventId)) ?? 'unknown';
}

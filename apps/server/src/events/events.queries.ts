import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { queryRows } from '../db/sql.js';

/** A consumer's place: the (transaction, id) of the last event it is past; events are read in that order. */
export interface Position {
  afterTx: string;
  afterId: bigint;
}

export interface ConsumerPlace extends Position {
  failingEventId: bigint | null;
  attempts: number;
  retryAt: Date | null;
}

export interface StoredEvent {
  id: bigint;
  txId: string;
  type: string;
  subject: string;
  payload: unknown;
  occurredAt: Date;
}

const textSet = (values: readonly string[]) =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
const after = (position: Position) => sql`(${position.afterTx}::xid8, ${position.afterId.toString()}::bigint)`;

/** Makes each consumer's row, at the first event, the first time an instance runs it. */
export async function ensureConsumers(db: Db, names: readonly string[]) {
  await db.execute(sql`INSERT INTO event_consumers (name) SELECT names.name FROM ${textSet(names)} AS names (name)
        ON CONFLICT DO NOTHING`);
}

/** Locks the consumer's row; `skip` answers null when another instance holds it, which then handles its events. */
export async function lockConsumer(tx: Tx, name: string, mode: 'skip' | 'wait'): Promise<ConsumerPlace | null> {
  const rows = await queryRows<{
    after_tx: string;
    after_id: bigint | string;
    failing_event_id: bigint | string | null;
    attempts: number;
    retry_at: Date | string | null;
  }>(
    tx,
    sql`SELECT after_tx::text, after_id, failing_event_id, attempts, retry_at FROM event_consumers
        WHERE name = ${name} FOR UPDATE ${mode === 'skip' ? sql`SKIP LOCKED` : sql``}`,
  );
  const row = rows[0];
  if (!row) {
    return null;
  }
  return {
    afterTx: row.after_tx,
    afterId: BigInt(row.after_id),
    failingEventId: row.failing_event_id === null ? null : BigInt(row.failing_event_id),
    attempts: row.attempts,
    retryAt: row.retry_at === null ? null : new Date(row.retry_at),
  };
}

interface ClaimRow {
  due: { id: string; tx_id: string; type: string; subject: string; payload: unknown; occurred_at: string }[] | null;
  last: { tx_id: string; id: string } | null;
}

/**
 * The oldest transaction still running for this statement's snapshot that may write events: an event of a transaction
 * below it is final (committed and visible, or rolled back), and one still to commit sorts above every such event.
 * Transactions seen running in another database of the cluster are left out (they cannot write this database's
 * events), so that another database's long transaction does not hold the consumers back; one that has ended since the
 * snapshot, or is not shown, counts.
 */
const HORIZON = sql`(SELECT least(pg_snapshot_xmax(snapshot), (
    SELECT x FROM pg_snapshot_xip(snapshot) AS x
    WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity a
      WHERE a.backend_xid = xid(x) AND a.datid <> (SELECT oid FROM pg_database WHERE datname = current_database()))
    ORDER BY x LIMIT 1)) AS xmin
  FROM (SELECT pg_current_snapshot() AS snapshot) AS now)`;

/**
 * Up to `limit` events of `types` after the position, among those below the horizon (an event of a transaction still
 * open could commit below one already read); and, in the same snapshot, the last such event of any type, which the
 * consumer may move past when fewer than `limit` of its own came.
 */
export async function claimEvents(tx: Tx, query: { position: Position; types: readonly string[]; limit: number }) {
  const { position, types, limit } = query;
  const [row] = await queryRows<ClaimRow>(
    tx,
    sql`WITH horizon AS ${HORIZON},
        due AS (
          SELECT e.id::text, e.tx_id::text, e.type, e.subject, e.payload, e.occurred_at
          FROM events e, horizon h
          WHERE (e.tx_id, e.id) > ${after(position)} AND e.tx_id < h.xmin AND e.type IN ${textSet(types)}
          ORDER BY e.tx_id, e.id LIMIT ${limit}),
        last AS (
          SELECT e.tx_id::text, e.id::text FROM events e, horizon h
          WHERE (e.tx_id, e.id) > ${after(position)} AND e.tx_id < h.xmin
          ORDER BY e.tx_id DESC, e.id DESC LIMIT 1)
        SELECT (SELECT json_agg(due ORDER BY due.tx_id::xid8, due.id::bigint) FROM due) AS due,
               (SELECT row_to_json(last) FROM last) AS last`,
  );
  const events: StoredEvent[] = (row?.due ?? []).map((event) => ({
    id: BigInt(event.id),
    txId: event.tx_id,
    type: event.type,
    subject: event.subject,
    payload: event.payload,
    occurredAt: new Date(event.occurred_at),
  }));
  const last: Position | null = row?.last ? { afterTx: row.last.tx_id, afterId: BigInt(row.last.id) } : null;
  return { events, last };
}

/** For each of `subjects` with a parked poison event of this consumer, the first such event. */
export async function parkedSubjects(tx: Tx, consumer: string, subjects: readonly string[]) {
  const rows = await queryRows<{ subject: string; event_id: bigint | string }>(
    tx,
    sql`SELECT subject, min(event_id) AS event_id FROM parked_events
        WHERE consumer = ${consumer} AND error IS NOT NULL AND subject IN ${textSet(subjects)}
        GROUP BY subject`,
  );
  return new Map(rows.map((row) => [row.subject, BigInt(row.event_id)]));
}

export async function parkEvent(
  tx: Tx,
  parked: { consumer: string; event: StoredEvent; attempts: number; at: Date } & (
    { error: string; heldBehind?: never } | { heldBehind: bigint; error?: never }
  ),
) {
  await tx.execute(
    sql`INSERT INTO parked_events (consumer, event_id, subject, error, attempts, held_behind, parked_at)
        VALUES (${parked.consumer}, ${parked.event.id.toString()}::bigint, ${parked.event.subject},
                ${parked.error ?? null}, ${parked.attempts}, ${parked.heldBehind?.toString() ?? null}::bigint,
                ${parked.at})
        ON CONFLICT DO NOTHING`,
  );
}

/** Moves the consumer to `position`; `failure` is the next event's, while it is retried. */
export async function savePlace(
  tx: Tx,
  consumer: string,
  place: { position: Position; failure: { eventId: bigint; attempts: number; error: string; retryAt: Date } | null },
) {
  const { position, failure } = place;
  await tx.execute(
    sql`UPDATE event_consumers
        SET after_tx = ${position.afterTx}::xid8, after_id = ${position.afterId.toString()}::bigint,
          failing_event_id = ${failure?.eventId.toString() ?? null}::bigint, attempts = ${failure?.attempts ?? 0},
          last_error = ${failure?.error ?? null}, retry_at = ${failure?.retryAt ?? null}
        WHERE name = ${consumer}`,
  );
}

import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { EVENT_TYPES, type EventPayload, type EventType } from './event-types.js';
import { events } from './events.tables.js';

/** One fact, as its owner records it. */
export interface NewEvent<T extends EventType> {
  type: T;
  /** What the fact is about, `<kind>:<id>` (`user:123`): consumers keep each subject's events in order. */
  subject: string;
  payload: EventPayload<T>;
  /** When it happened, by the business clock. */
  at: Date;
}

/**
 * Records a domain event in the transaction of the fact it reports (docs/decisions/0022), so that both commit or
 * neither does. The payload must match its type's schema (event-types.ts): a mismatch throws and rolls the fact back,
 * rather than leaving consumers an event they cannot read.
 */
export async function recordEvent<T extends EventType>(tx: Tx, event: NewEvent<T>): Promise<void> {
  const checked = EVENT_TYPES[event.type].safeParse(event.payload);
  if (!checked.success) {
    throw new TypeError(`event ${event.type} has a payload its schema refuses: ${checked.error.message}`);
  }
  await tx.insert(events).values({
    type: event.type,
    subject: event.subject,
    payload: checked.data,
    occurredAt: event.at,
  });
}

/**
 * Events as a step of the owner's own statement (a CTE), for a fact written set-based in one statement whose speed a
 * round trip of its own would cost (a charge's posting). `rows` is a SELECT of (subject, payload, occurred_at); the
 * caller builds each payload to its type's schema in SQL, which recordEvent would have checked (a test of the owner
 * parses what it writes). Written with wake = false: handled at the consumers' next drain (after each scheduler tick),
 * as the NOTIFY a waking event sends takes a lock at commit that would make concurrent writers queue.
 */
export function quietEventsInsert(type: EventType, rows: SQL): SQL {
  return sql`INSERT INTO events (type, subject, payload, occurred_at, wake)
    SELECT ${type}, r.subject, r.payload, r.occurred_at, false FROM (${rows}) AS r (subject, payload, occurred_at)`;
}

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

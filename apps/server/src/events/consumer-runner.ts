import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import type { Listen, Subscription } from '../db/notifications.js';
import { inTransaction } from '../db/transaction.js';
import type { Clock } from '../jobs/clock.js';
import type { DomainEvent, EventConsumer } from './consumer.js';
import { EVENT_TYPES, isEventType } from './event-types.js';
import {
  claimEvents,
  ensureConsumers,
  lockConsumer,
  parkedSubjects,
  parkEvent,
  savePlace,
  type ConsumerPlace,
  type Position,
  type StoredEvent,
} from './events.queries.js';

/** How many times an event is tried before it is parked. */
export const MAX_ATTEMPTS = 5;
// Retries wait 10 s, 20 s, 40 s… up to ten minutes: long enough for a database or a deployment to recover.
const FIRST_RETRY_MS = 10_000;
const LAST_RETRY_MS = 10 * 60_000;

export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LAST_RETRY_MS);

export interface ConsumerRunnerOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  consumers: EventConsumer[];
  listen: Listen;
}

type BatchOutcome = 'more' | 'done';

const positionOf = (event: StoredEvent): Position => ({ afterTx: event.txId, afterId: event.id });

/** The event as its consumer sees it, its payload parsed by its type's schema: one that no longer fits is a failure. */
function parsed(event: StoredEvent): DomainEvent {
  if (!isEventType(event.type)) {
    throw new TypeError(`unknown event type ${event.type}`);
  }
  const payload: unknown = EVENT_TYPES[event.type].parse(event.payload);
  return {
    id: event.id,
    type: event.type,
    subject: event.subject,
    payload,
    occurredAt: event.occurredAt,
  } as DomainEvent;
}

/**
 * Runs the modules' event consumers (docs/decisions/0022): each handles the events after its place, a batch per
 * transaction that also moves its place, so that a handler's database effects happen once whatever crashes. The
 * consumer's row is locked for the batch: another instance skips it meanwhile. A failing event holds its consumer back
 * and is retried with growing waits; after MAX_ATTEMPTS it is parked with its error, and the later events of its
 * subject are parked behind it, while other subjects go on.
 */
export class ConsumerRunner {
  private readonly options: ConsumerRunnerOptions;
  private ensured: Promise<void> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private subscription: Subscription | undefined;

  constructor(options: ConsumerRunnerOptions) {
    this.options = options;
  }

  /** Handles what is due now for every consumer; calls while one runs make it run once more, not in parallel. */
  async drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        for (const consumer of this.options.consumers) {
          while ((await this.runBatch(consumer)) === 'more') {
            // Full batches follow one another until the consumer has caught up.
          }
        }
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * Wakes on every commit that wrote events (near real time). The scheduler also drains after each tick, which catches
   * what a lost notification would leave waiting.
   */
  start(): void {
    const wake = () => {
      void this.drain().catch((error: unknown) => this.options.log.error({ err: error }, 'event consumers failed'));
    };
    this.subscription = this.options.listen('events_written', {
      listening: wake,
      notified: wake,
      lost: () => undefined,
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    await this.running?.catch(() => undefined);
  }

  private async runBatch(consumer: EventConsumer): Promise<BatchOutcome> {
    const { db } = this.options;
    // Once per instance; a failure (the database away) is tried again with the next batch.
    this.ensured ??= ensureConsumers(
      db,
      this.options.consumers.map((each) => each.name),
    ).catch((error: unknown) => {
      this.ensured = undefined;
      throw error;
    });
    await this.ensured;
    return inTransaction(db, async (tx) => {
      const place = await lockConsumer(tx, consumer.name, 'skip');
      if (!place || (place.retryAt !== null && place.retryAt > this.options.clock.now())) {
        return 'done';
      }
      return this.handleBatch(tx, consumer, place);
    });
  }

  private async handleBatch(tx: Tx, consumer: EventConsumer, place: ConsumerPlace): Promise<BatchOutcome> {
    const { clock, log } = this.options;
    const { events, last } = await claimEvents(tx, {
      position: place,
      types: consumer.types,
      limit: consumer.batchSize,
    });
    const parked = await parkedSubjects(
      tx,
      consumer.name,
      events.map((event) => event.subject),
    );
    let position: Position = place;
    for (const event of events) {
      const now = clock.now();
      const heldBehind = parked.get(event.subject);
      if (heldBehind !== undefined) {
        await parkEvent(tx, { consumer: consumer.name, event, attempts: 0, heldBehind, at: now });
        position = positionOf(event);
        continue;
      }
      const error = await this.attempt(tx, consumer, event);
      if (error === null) {
        position = positionOf(event);
        continue;
      }
      const attempts = (place.failingEventId === event.id ? place.attempts : 0) + 1;
      const eventLog = log.child({ consumer: consumer.name, eventId: String(event.id), attempts });
      if (attempts < MAX_ATTEMPTS) {
        eventLog.warn({ err: error }, 'event consumer failed; it will retry');
        const retryAt = new Date(now.getTime() + retryDelayMs(attempts));
        await savePlace(tx, consumer.name, { position, failure: { eventId: event.id, attempts, error, retryAt } });
        return 'done';
      }
      eventLog.error({ err: error }, 'event consumer gave up; the event is parked');
      await parkEvent(tx, { consumer: consumer.name, event, attempts, error, at: now });
      parked.set(event.subject, event.id);
      position = positionOf(event);
    }
    const full = events.length === consumer.batchSize;
    await savePlace(tx, consumer.name, { position: !full && last ? last : position, failure: null });
    return full ? 'more' : 'done';
  }

  /** Runs the handler in a savepoint, so that a failure undoes only its own effects; answers its error, if any. */
  private async attempt(tx: Tx, consumer: EventConsumer, event: StoredEvent): Promise<string | null> {
    try {
      await tx.transaction((savepoint) => consumer.handle(savepoint as unknown as Tx, parsed(event)));
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
}

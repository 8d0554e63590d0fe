import type { Tx } from '../db/client.js';
import type { EventPayload, EventType } from './event-types.js';

/** An event as a consumer receives it, its payload parsed by its type's schema. */
export type DomainEvent<T extends EventType = EventType> = {
  [K in T]: { id: bigint; type: K; subject: string; payload: EventPayload<K>; occurredAt: Date };
}[T];

/**
 * A module's reaction to other modules' facts (docs/decisions/0022): `handle` runs once per event of `types`, in
 * order, in the transaction that moves the consumer past it, so its database effects happen exactly once. It must
 * only touch the database: a failure is retried, and a replay handles events again, so anything it keys by the event
 * id is the safest effect.
 */
export interface EventConsumer {
  /** Unique, stable: the consumer's place in the events is kept under it. `<module>.<reaction>`. */
  name: string;
  types: readonly EventType[];
  /** Events per transaction. */
  batchSize: number;
  handle(tx: Tx, event: DomainEvent): Promise<void>;
}

export function defineConsumer<const T extends EventType>(spec: {
  name: string;
  types: readonly T[];
  batchSize?: number;
  handle(tx: Tx, event: DomainEvent<T>): Promise<void>;
}): EventConsumer {
  return {
    name: spec.name,
    types: spec.types,
    batchSize: spec.batchSize ?? 100,
    handle: (tx, event) => spec.handle(tx, event as DomainEvent<T>),
  };
}

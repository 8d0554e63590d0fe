/** Domain events (README.md): what a module imports to record its facts and to react to other modules' facts. */
export { defineConsumer, type DomainEvent, type EventConsumer } from './consumer.js';
export type { EventPayload, EventType } from './event-types.js';
export { recordEvent, type NewEvent } from './record.js';

import { z } from 'zod';

// Ids and amounts travel as decimal text: JSON has no bigint, and a float must never hold money (ARCHITECTURE §4).
const userId = z.string().regex(/^[1-9]\d*$/);
const units = z.string().regex(/^-?\d+$/);

/**
 * Every domain event's type and the zod schema of its payload, in one place (docs/decisions/0021). A writer's payload
 * is checked against it before it is written and a consumer's event is parsed with it, so writer and consumer agree
 * without either importing the other's module. Add a type here with the module that writes it; never change a
 * payload's meaning in place: events already written keep the old one (add a field, or a new type).
 */
export const EVENT_TYPES = {
  /** What a user can spend fell below an hour (`hour`) or ten minutes (`tenMinutes`) of their running applications. */
  'balance.low': z.object({ userId, level: z.enum(['hour', 'tenMinutes']), spendable: units }),
} as const;

export type EventType = keyof typeof EVENT_TYPES;
export type EventPayload<T extends EventType> = z.infer<(typeof EVENT_TYPES)[T]>;

export const isEventType = (type: string): type is EventType => Object.hasOwn(EVENT_TYPES, type);

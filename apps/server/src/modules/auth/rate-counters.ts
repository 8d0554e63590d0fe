import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateCounters } from './auth.tables.js';
import { zoneOffsetMs } from '../../jobs/business-time.js';

/**
 * Fixed-window counters in the database, so that a limit holds across every instance behind the load balancer
 * (ARCHITECTURE §10). The rate-limit plugin's per-endpoint and per-key limits count here too; only its global per-IP
 * flood guard counts on each instance (docs/decisions/0042).
 */
export interface CounterWindow {
  /** What is counted and for whom: `code-ip:203.0.113.7`, `login-failure:13800000000`. */
  bucket: string;
  start: Date;
  end: Date;
}

export function fixedWindow(bucket: string, now: Date, lengthMs: number): CounterWindow {
  const start = Math.floor(now.getTime() / lengthMs) * lengthMs;
  return { bucket, start: new Date(start), end: new Date(start + lengthMs) };
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * The business day (TZ_BUSINESS, ARCHITECTURE §3) holding `now`. The offset is read at `now`, which is exact for
 * Asia/Shanghai; in a zone with daylight saving a day that changes offset is an hour long or short, never lost.
 */
export function businessDayWindow(bucket: string, now: Date, timeZone: string): CounterWindow {
  const offset = zoneOffsetMs(now, timeZone);
  const start = Math.floor((now.getTime() + offset) / DAY_MS) * DAY_MS - offset;
  return { bucket, start: new Date(start), end: new Date(start + DAY_MS) };
}

/**
 * Counts one hit and answers the window's total. The upsert takes the row lock, so concurrent hits queue behind each
 * other and none is lost; inside a transaction that rolls back, the hit is taken back too.
 */
export async function countHit(db: Db, window: CounterWindow): Promise<number> {
  const [row] = await db
    .insert(rateCounters)
    .values({ bucket: window.bucket, windowStart: window.start, hits: 1 })
    .onConflictDoUpdate({
      target: [rateCounters.bucket, rateCounters.windowStart],
      set: { hits: sql`${rateCounters.hits} + 1` },
    })
    .returning({ hits: rateCounters.hits });
  return row!.hits;
}

/**
 * Counts one hit in the fixed window of `lengthMs` holding `now`, as every instance sees it (the rate-limit plugin's
 * shared store, http/shared-rate-limit.ts): the window's total and how long it has left.
 */
export async function countInWindow(db: Db, window: CounterWindow, now: Date) {
  return { hits: await countHit(db, window), resetsInMs: window.end.getTime() - now.getTime() };
}

export async function readHits(db: Db, window: CounterWindow): Promise<number> {
  const [row] = await db
    .select({ hits: rateCounters.hits })
    .from(rateCounters)
    .where(and(eq(rateCounters.bucket, window.bucket), eq(rateCounters.windowStart, window.start)));
  return row?.hits ?? 0;
}

export async function resetCounter(db: Db, window: CounterWindow): Promise<void> {
  await db
    .delete(rateCounters)
    .where(and(eq(rateCounters.bucket, window.bucket), eq(rateCounters.windowStart, window.start)));
}

/** Windows are at most a day long; anything that began before `before` can no longer count. */
export async function purgeCounters(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(rateCounters)
    .where(lt(rateCounters.windowStart, before))
    .returning({ bucket: rateCounters.bucket });
  return deleted.length;
}

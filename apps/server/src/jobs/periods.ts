import { localDay } from './business-time.js';

/**
 * A job runs once per period. Periods are text keys that sort in time order: minutes in UTC (`2026-11-21T08:05`),
 * business days in TZ_BUSINESS (`2026-11-21`), because the daily 0:00 settlement is 0:00 in Shanghai (ARCHITECTURE §3).
 */
export type Cadence = 'minute' | 'hour' | 'day';

const MINUTE = 60_000;

export function periodKey(cadence: Cadence, date: Date, timeZone: string): string {
  if (cadence === 'day') {
    return localDay(date, timeZone);
  }
  const iso = date.toISOString();
  return cadence === 'hour' ? iso.slice(0, 13) : iso.slice(0, 16);
}

// Days step by the hour so that a 23- or 25-hour day (daylight saving elsewhere than Shanghai) is never skipped.
const STEP: Record<Cadence, number> = { minute: MINUTE, hour: 60 * MINUTE, day: 60 * MINUTE };

export interface DueQuery {
  cadence: Cadence;
  now: Date;
  /** The newest period done, if any. */
  lastDone: string | null;
  timeZone: string;
  limit: number;
}

/**
 * The periods after `lastDone` up to and including the current one, oldest first, at most `limit` (the newest kept).
 * Without history only the current period is due: a new job does not replay the past.
 */
export function duePeriods({ cadence, now, lastDone, timeZone, limit }: DueQuery): string[] {
  const current = periodKey(cadence, now, timeZone);
  if (lastDone === null) {
    return [current];
  }
  const due: string[] = [];
  for (let step = 0; due.length < limit; step += 1) {
    const key = periodKey(cadence, new Date(now.getTime() - step * STEP[cadence]), timeZone);
    if (key <= lastDone) {
      break;
    }
    if (due[0] !== key) {
      due.unshift(key);
    }
  }
  return due;
}

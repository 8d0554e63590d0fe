import { POWER_POINTS } from '@suanli/contract';
import { wallClock, zoneOffsetMs } from '../../jobs/business-time.js';

const DAY_MS = 24 * 60 * 60_000;

/** When points issued at `at` expire: 31 days later (spec §9). */
export const expiryOf = (at: Date) => new Date(at.getTime() + POWER_POINTS.validDays * DAY_MS);

/**
 * The same wall-clock time `months` calendar months after `at`, in `timeZone`: a package bought on 15 March at 10:00
 * issues on 15 April at 10:00. A day the month lacks becomes its last (31 January → 28 or 29 February), and each month
 * counts from the purchase, so 31 January → 28 February → 31 March.
 */
export function addLocalMonths(at: Date, months: number, timeZone: string): Date {
  const wall = wallClock(at, timeZone);
  const monthIndex = wall.month - 1 + months;
  const year = wall.year + Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const asUtc = Date.UTC(year, month, Math.min(wall.day, lastDay), wall.hour, wall.minute, wall.second);
  return new Date(asUtc - zoneOffsetMs(new Date(asUtc), timeZone) + at.getUTCMilliseconds());
}

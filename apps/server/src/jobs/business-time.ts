/**
 * Wall-clock readings in a time zone. Business days, daily settlement and "try again after" times are in
 * TZ_BUSINESS (ARCHITECTURE §3), whatever the server's own zone.
 */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallClock(date: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD` of the day holding `date` in `timeZone`. */
export function localDay(date: Date, timeZone: string): string {
  const wall = wallClock(date, timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** `YYYY-MM-DD HH:mm` in `timeZone`, rounded up to the minute so that a "try again after" time is never early. */
export function localMinuteCeiling(date: Date, timeZone: string): string {
  const wall = wallClock(new Date(Math.ceil(date.getTime() / 60_000) * 60_000), timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** How far the wall clock of `timeZone` is ahead of UTC at `date`, in milliseconds. */
export function zoneOffsetMs(date: Date, timeZone: string): number {
  const wall = wallClock(date, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

const DAY_MS = 24 * 60 * 60_000;

/** When the day `YYYY-MM-DD` begins in `timeZone`. */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  return new Date(midnightUtc - zoneOffsetMs(new Date(midnightUtc), timeZone));
}

/**
 * The instants a filter of whole days covers, `from` inclusive and `until` exclusive: what "from the 1st to the 3rd"
 * means to someone reading dates in `timeZone`.
 */
export function localDayRange(
  { startDate, endDate }: { startDate?: string | undefined; endDate?: string | undefined },
  timeZone: string,
): { from: Date | undefined; until: Date | undefined } {
  return {
    from: startDate ? startOfLocalDay(startDate, timeZone) : undefined,
    until: endDate ? endOfLocalDay(endDate, timeZone) : undefined,
  };
}

/** The first instant after a business day `YYYY-MM-DD` of `timeZone`. */
export const endOfLocalDay = (day: string, timeZone: string) =>
  new Date(startOfLocalDay(day, timeZone).getTime() + DAY_MS);

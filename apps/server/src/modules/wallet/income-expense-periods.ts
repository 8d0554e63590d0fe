import { formatMoney, LIMITS, money } from '@suanli/contract';
import { AppError } from '../../http/app-error.js';
import type { PeriodSums } from './ledger.queries.js';

export type Granularity = 'day' | 'month';

/** The days a chart covers, both included (`YYYY-MM-DD`). */
export interface ChartRange {
  startDate: string;
  endDate: string;
}

// Calendar arithmetic on day names, which have no zone: a day is its number since 1970-01-01, a month year × 12 + month.
const DAY_MS = 24 * 60 * 60_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayName = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);
const monthNumber = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const monthName = (number: number) => `${Math.floor(number / 12)}-${String((number % 12) + 1).padStart(2, '0')}`;

const SCALES = {
  day: {
    number: dayNumber,
    name: dayName,
    defaultCount: LIMITS.incomeExpenseDefaultDays,
    max: LIMITS.incomeExpenseMaxDays,
    tooLong: 'wallet.summaryTooManyDays',
  },
  month: {
    number: monthNumber,
    name: monthName,
    defaultCount: LIMITS.incomeExpenseDefaultMonths,
    max: LIMITS.incomeExpenseMaxMonths,
    tooLong: 'wallet.summaryTooManyMonths',
  },
} as const;

/**
 * The days to chart: those asked for, either end defaulting as a person would read "the last 30 days" or "the last 12
 * months" (whole months up to today, or to the end asked for). A range longer than a chart draws is refused (400)
 * rather than cut, so the bars never silently stop short of the dates chosen.
 */
export function chartRange(
  { granularity, startDate, endDate }: { granularity: Granularity } & Partial<ChartRange>,
  today: string,
): ChartRange {
  const scale = SCALES[granularity];
  const end = endDate ?? (startDate && startDate > today ? startDate : today);
  const start =
    startDate ??
    (granularity === 'day'
      ? dayName(dayNumber(end) - (scale.defaultCount - 1))
      : `${monthName(monthNumber(end) - (scale.defaultCount - 1))}-01`);
  if (scale.number(end) - scale.number(start) + 1 > scale.max) {
    throw new AppError('validation', {
      messageKey: scale.tooLong,
      field: 'startDate',
      params: { field: 'startDate', max: scale.max },
    });
  }
  return { startDate: start, endDate: end };
}

/** A bucket for every day or month of the range, in order, zero where the ledger has nothing: a chart without gaps. */
export function fillPeriods(range: ChartRange, granularity: Granularity, sums: readonly PeriodSums[]) {
  const scale = SCALES[granularity];
  const byPeriod = new Map(sums.map((sum) => [sum.period, sum]));
  const buckets = [];
  for (let number = scale.number(range.startDate); number <= scale.number(range.endDate); number += 1) {
    const period = scale.name(number);
    const sum = byPeriod.get(period);
    buckets.push({
      period,
      income: formatMoney(sum?.income ?? money(0n)),
      expense: formatMoney(sum?.expense ?? money(0n)),
    });
  }
  return buckets;
}

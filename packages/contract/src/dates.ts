import { z } from 'zod';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const dateSchema = z
  .string()
  .regex(DATE, { error: 'validation.date' })
  .refine(
    (value) => {
      // 2026-02-30 parses, as 2 March: a day exists when it reads back as itself.
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    },
    { error: 'validation.date' },
  );

type DateFilter = { startDate?: string | undefined; endDate?: string | undefined };

/** A filter's dates, refined as spec §5 asks of them: the start must not be later than the end. */
export function withDateRange<T extends z.ZodType<DateFilter>>(schema: T) {
  return schema.refine((filter) => !filter.startDate || !filter.endDate || filter.startDate <= filter.endDate, {
    error: 'validation.dateRange',
    path: ['startDate'],
  });
}

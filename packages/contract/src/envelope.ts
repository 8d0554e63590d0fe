import { z } from 'zod';
import { LIMITS } from './constants.js';

/** Every JSON response is `{ code, msg, data? }`; code 200 is success (ARCHITECTURE §3). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.optional(z.object({ field: z.string().optional(), requestId: z.string().optional() })),
});

export type Envelope<T> = { code: number; msg: string; data: T };

/** A row id in a path or a query: digits, as bigint ids travel as text. */
export const idTextSchema = z.string().regex(/^\d{1,18}$/, { error: 'validation.invalidFormat' });

/** Paging query: pageNum from 1, pageSize default 10 and at most 100. */
export const pageQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});

export type PageQuery = z.output<typeof pageQuerySchema>;

/** A page of a list: `data` of every paged endpoint (`pageSchema(rowSchema)`). */
export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int().min(0) });
}

export interface Page<Row> {
  rows: Row[];
  total: number;
}

/** Amounts leave the server as yuan text: two decimals for balances and bills, up to four for unit prices. */
export const moneyTextSchema = z.string().regex(/^-?\d+\.\d{2}$/);
export const unitPriceTextSchema = z.string().regex(/^-?\d+\.\d{2,4}$/);

import type { Page, PageQuery } from '@suanli/contract';

/** The slice of rows one page covers. */
export interface PageWindow {
  limit: number;
  offset: number;
}

export const pageWindow = ({ pageNum, pageSize }: PageQuery): PageWindow => ({
  limit: pageSize,
  offset: (pageNum - 1) * pageSize,
});

/** A count as either engine's driver returns it: int8 comes back as bigint (our parser), text, or a number. */
export type Count = number | bigint | string;

export interface PagedQuery<Row> {
  /** One page of rows, in a stable order (end the ORDER BY on a unique column, or pages overlap). */
  rows(window: PageWindow): Promise<Row[]>;
  /** How many rows match in all, with the same filter, owner included: `db.$count(table, where)`. */
  total(): Promise<Count>;
}

/**
 * `pageNum`/`pageSize` (contract `pageQuerySchema`) to the envelope's `{ rows, total }` (ARCHITECTURE §3):
 * `paged(query, { rows: (w) => db.select().from(t).where(w1).orderBy(…).limit(w.limit).offset(w.offset),
 * total: () => db.$count(t, w1) })`. A page past the end has no rows and the true total.
 */
export async function paged<Row>(page: PageQuery, query: PagedQuery<Row>): Promise<Page<Row>> {
  const [rows, total] = await Promise.all([query.rows(pageWindow(page)), query.total()]);
  return { rows, total: Number(total) };
}

import { LIMITS, type Page } from '@suanli/contract';

/** The most rows one export reads (50 requests of the largest page); beyond it the operator narrows the filters. */
export const EXPORT_ROW_LIMIT = 5_000;

/** One page of a list with its filters as they are: what fetchAllRows reads again and again. */
export type PageReader<Row> = (page: { pageNum: number; pageSize: number }) => Promise<Page<Row>>;

/**
 * Every row a list's filters select, in the list's order, up to `limit`, read in the largest pages the server gives,
 * with the total it counted. A row written meanwhile shifts the pages by one, so rows are kept once by their key.
 */
export async function fetchAllRows<Row>(
  readPage: PageReader<Row>,
  keyOf: (row: Row) => string,
  limit = EXPORT_ROW_LIMIT,
) {
  const rows = new Map<string, Row>();
  let total = 0;
  for (let pageNum = 1; rows.size < limit; pageNum += 1) {
    const page = await readPage({ pageNum, pageSize: LIMITS.pageSizeMax });
    total = page.total;
    for (const row of page.rows) {
      rows.set(keyOf(row), row);
    }
    if (page.rows.length < LIMITS.pageSizeMax) {
      break;
    }
  }
  return { rows: [...rows.values()].slice(0, limit), total };
}

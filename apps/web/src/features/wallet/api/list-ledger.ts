import { LIMITS, wallet, type TransactionDirection, type TransactionType } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { walletKeys } from './keys';

/** The ledger's filters; dates are calendar days (YYYY-MM-DD), both ends included. */
export type LedgerFilters = {
  direction?: TransactionDirection;
  transactionType?: TransactionType;
  startDate?: string;
  endDate?: string;
};

export type LedgerPage = Awaited<ReturnType<typeof fetchLedgerPage>>;
export type LedgerRow = LedgerPage['rows'][number];

/** One page of the ledger, newest first; the endpoint filters but does not sort. */
export function fetchLedgerPage({
  pageNum,
  pageSize,
  direction,
  transactionType,
  startDate,
  endDate,
}: PageParams<LedgerFilters>) {
  return http.call(wallet.listLedger, {
    query: { pageNum, pageSize, direction, transactionType, startDate, endDate },
  });
}

export function useLedgerPages() {
  return usePagedQuery<LedgerPage, LedgerFilters>({ queryKey: walletKeys.ledger(), fetcher: fetchLedgerPage });
}

/**
 * Every row the filters select, newest first, up to `limit`, read in the largest pages the server gives, with the
 * total the server counted. An entry posted meanwhile shifts the pages by one, so rows are kept once by their id.
 */
export async function fetchLedgerRows(filters: LedgerFilters, limit: number) {
  const rows = new Map<string, LedgerRow>();
  let total = 0;
  for (let pageNum = 1; rows.size < limit; pageNum += 1) {
    const page = await fetchLedgerPage({ ...filters, pageNum, pageSize: LIMITS.pageSizeMax });
    total = page.total;
    for (const row of page.rows) {
      rows.set(row.entryId, row);
    }
    if (page.rows.length < LIMITS.pageSizeMax) {
      break;
    }
  }
  return { rows: [...rows.values()].slice(0, limit), total };
}

const LATEST_COUNT = 5;

/** The newest ledger entries, under the ledger's key, so that whatever moves money refreshes them too. */
export function useLatestLedgerRows() {
  return useQuery({
    queryKey: [...walletKeys.ledger(), { pageNum: 1, pageSize: LATEST_COUNT }],
    queryFn: () => fetchLedgerPage({ pageNum: 1, pageSize: LATEST_COUNT }),
  });
}

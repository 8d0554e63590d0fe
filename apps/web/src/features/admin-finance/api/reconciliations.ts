import { recharge, type EndpointData } from '@suanli/contract';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { http } from '@/shared/http';
import { adminFinanceKeys } from './keys';

export type ReconciliationPage = EndpointData<typeof recharge.listReconciliations>;
export type ReconciliationRow = ReconciliationPage['rows'][number];
export type ReconciliationFilters = { differencesOnly?: 'true' | 'false' };

function fetchReconciliationPage({ pageNum, pageSize, sort: _sort, ...filters }: PageParams<ReconciliationFilters>) {
  return http.call(recharge.listReconciliations, { query: { pageNum, pageSize, ...filters } });
}

/** Each channel's reconciled days, newest first. */
export function useReconciliationPages() {
  return usePagedQuery<ReconciliationPage, ReconciliationFilters>({
    queryKey: adminFinanceKeys.reconciliations(),
    fetcher: fetchReconciliationPage,
  });
}

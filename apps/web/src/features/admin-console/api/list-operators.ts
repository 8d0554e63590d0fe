import { LIMITS, operators } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { adminConsoleKeys } from './keys';

export type OperatorPage = Awaited<ReturnType<typeof fetchOperatorPage>>;
export type OperatorRow = OperatorPage['rows'][number];

function fetchOperatorPage({ pageNum, pageSize }: PageParams) {
  return http.call(operators.listOperators, { query: { pageNum, pageSize } });
}

export function useOperatorPages() {
  return usePagedQuery<OperatorPage>({ queryKey: adminConsoleKeys.operators(), fetcher: fetchOperatorPage });
}

/** The operators a filter offers: the first of the most the server pages by, which holds every operator there is. */
export function useOperatorOptions() {
  const params = { pageNum: 1, pageSize: LIMITS.pageSizeMax };
  return useQuery({ queryKey: [...adminConsoleKeys.operators(), params], queryFn: () => fetchOperatorPage(params) });
}

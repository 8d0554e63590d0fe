import { LIMITS, type Page, type PageQuery } from '@suanli/contract';
import { keepPreviousData, queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';

export interface PageSort {
  field: string;
  order: 'asc' | 'desc';
}

export type PageFilters = Record<string, unknown>;

/** What a paged fetcher receives: the page, the filters spread beside it, and the sort when there is one. */
export type PageParams<Filters extends PageFilters = PageFilters> = Filters & PageQuery & { sort?: PageSort };

export interface PagedQueryOptions<Data extends Page<unknown>, Filters extends PageFilters> {
  /** The list's key; the page params are appended, so invalidating this key refreshes every page. */
  queryKey: QueryKey;
  /** Calls the endpoint with the params it understands and answers its data, the contract's `Page` of rows. */
  fetcher: (params: PageParams<Filters>) => Promise<Data>;
  /** The first page's size, when the list's layout wants another than the API's default (a grid of cards). */
  pageSize?: number;
  /** The filters the list opens with, when the address names some (`/myApp?status=running`). */
  initialFilters?: Filters;
  /** How often to read the page again, decided from its rows (a list polls while any row is still changing). */
  refetchInterval?: (data: Data | undefined) => number | false;
  /** How long a page counts as fresh; 0 unless given. */
  staleTime?: number;
}

export interface PageChange<Filters extends PageFilters> {
  pageNum?: number;
  pageSize?: number;
  filters?: Partial<Filters>;
  sort?: PageSort | null;
}

/** Filters and sort leave out what is unset, so an unfiltered first page shares its key with other readers of it. */
function paramsOf<Filters extends PageFilters>(
  page: PageQuery,
  filters: Filters,
  sort: PageSort | undefined,
): PageParams<Filters> {
  const set = Object.entries(filters).filter(([, value]) => value !== undefined && value !== null);
  return { ...(Object.fromEntries(set) as Filters), ...page, ...(sort ? { sort } : {}) };
}

/** A page's key: the list's key with the page params appended. */
const pageKey = (queryKey: QueryKey, params: PageParams) => [...queryKey, params];

/** The list's first page as usePagedQuery asks for it, for a cache filled before the list is on screen. */
export function firstPageQuery<Data extends Page<unknown>, Filters extends PageFilters = PageFilters>(
  options: PagedQueryOptions<Data, Filters>,
) {
  const params = paramsOf(
    { pageNum: 1, pageSize: options.pageSize ?? LIMITS.pageSizeDefault },
    options.initialFilters ?? ({} as Filters),
    undefined,
  );
  return queryOptions({
    queryKey: pageKey(options.queryKey, params),
    queryFn: () => options.fetcher(params),
    staleTime: options.staleTime,
  });
}

/**
 * One server-paged list (ARCHITECTURE §3 paging: pageNum from 1, pageSize at most 100): the page, filters and sort
 * are state here, the rows and total come from the query cache. Changing the filters or the sort goes back to page 1;
 * while the next page loads the current one stays on screen.
 */
export function usePagedQuery<Data extends Page<unknown>, Filters extends PageFilters = PageFilters>(
  options: PagedQueryOptions<Data, Filters>,
) {
  const { queryKey, fetcher, refetchInterval, staleTime } = options;
  const [page, setPage] = useState<PageQuery>({ pageNum: 1, pageSize: options.pageSize ?? LIMITS.pageSizeDefault });
  const [filters, setFilters] = useState(options.initialFilters ?? ({} as Filters));
  const [sort, setSort] = useState<PageSort | undefined>(undefined);
  const params = paramsOf(page, filters, sort);
  const query = useQuery({
    queryKey: pageKey(queryKey, params),
    queryFn: () => fetcher(params),
    staleTime,
    placeholderData: keepPreviousData,
    refetchInterval: refetchInterval ? (current) => refetchInterval(current.state.data) : undefined,
  });
  const total = query.data?.total ?? 0;

  // A page emptied by a deletion (the last row of the last page) moves back to the last page with rows. Adjusted
  // while rendering, as React advises for state derived from new data, so the empty page is never painted.
  const lastPage = Math.max(1, Math.ceil(total / page.pageSize));
  if (query.isSuccess && !query.isPlaceholderData && page.pageNum > lastPage) {
    setPage({ ...page, pageNum: lastPage });
  }

  const change = ({ pageNum, pageSize, filters: nextFilters, sort: nextSort }: PageChange<Filters>) => {
    const reset = nextFilters !== undefined || nextSort !== undefined || (pageSize ?? page.pageSize) !== page.pageSize;
    setPage({ pageNum: reset ? 1 : (pageNum ?? page.pageNum), pageSize: pageSize ?? page.pageSize });
    if (nextFilters !== undefined) {
      setFilters((current) => ({ ...current, ...nextFilters }));
    }
    if (nextSort !== undefined) {
      setSort(nextSort ?? undefined);
    }
  };

  /** Any page of the list with its filters and sort as they are now, read past the cache: what an export reads. */
  const readPage = (window: PageQuery) => fetcher({ ...params, ...window });

  return { query, params, rows: (query.data?.rows ?? []) as Data['rows'], total, change, readPage };
}

export type PagedQuery<Data extends Page<unknown>, Filters extends PageFilters = PageFilters> = ReturnType<
  typeof usePagedQuery<Data, Filters>
>;

import { power } from '@suanli/contract';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { powerKeys } from './keys';

export type PointsOverview = Awaited<ReturnType<typeof fetchPointsOverview>>;
export type PointsLot = PointsOverview['lots'][number];
export type PointsHistoryRow = PointsOverview['rows'][number];

/** The points balance, the lots soonest expiry first, and one page of the history, newest first. */
export function fetchPointsOverview({ pageNum, pageSize }: PageParams) {
  return http.call(power.getDealInfoHashrate, { query: { pageNum, pageSize } });
}

/** One request feeds the balance, the lots and the history table; paging the history re-reads all three. */
export function usePointsOverview() {
  return usePagedQuery<PointsOverview>({ queryKey: powerKeys.overview(), fetcher: fetchPointsOverview });
}

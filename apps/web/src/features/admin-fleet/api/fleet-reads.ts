import { fleet } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { adminFleetKeys } from './keys';

export type HostState = (typeof fleet.HOST_STATES)[number];

/** The hosts' filters, each matched exactly by the server. */
export type HostFilters = { regionId?: string; gpuModel?: string; state?: HostState };

export type HostPage = Awaited<ReturnType<typeof fetchHostPage>>;
export type HostRow = HostPage['rows'][number];
export type GpuRow = HostRow['gpus'][number];
export type PriceBook = Awaited<ReturnType<typeof fetchPriceBook>>;
export type GpuModelRow = PriceBook['models'][number];
export type DurationDiscountRow = PriceBook['durationDiscounts'][number];
export type VipDiscountRow = PriceBook['vipDiscounts'][number];

function fetchHostPage({ pageNum, pageSize, sort: _sort, ...filters }: PageParams<HostFilters>) {
  return http.call(fleet.listFleetHosts, { query: { pageNum, pageSize, ...filters } });
}

const fetchPriceBook = () => http.call(fleet.listFleetGpuModels);

export type RegionRow = Awaited<ReturnType<typeof fetchRegions>>[number];
const fetchRegions = () => http.call(fleet.listFleetRegions);

export function useFleetRegions() {
  return useQuery({ queryKey: adminFleetKeys.regions(), queryFn: fetchRegions });
}

export function useHostPages() {
  return usePagedQuery<HostPage, HostFilters>({ queryKey: adminFleetKeys.hosts(), fetcher: fetchHostPage });
}

/** GPU models with their prices, the duration discounts and the VIP discounts, each with what a change must name. */
export function usePriceBook() {
  return useQuery({ queryKey: adminFleetKeys.gpuModels(), queryFn: fetchPriceBook });
}

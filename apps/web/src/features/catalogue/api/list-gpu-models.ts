import { pricing } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { catalogueKeys } from './keys';

export type GpuModelOffer = Awaited<ReturnType<typeof fetchGpuModels>>[number];

/** The GPU models on offer with their list prices for one GPU, per hour (billed per minute) and per prepaid period. */
export function fetchGpuModels() {
  return http.call(pricing.listGpuModels);
}

export const gpuModelsQuery = () =>
  queryOptions({ queryKey: catalogueKeys.gpuModels(), queryFn: fetchGpuModels, staleTime: 10 * 60_000 });

export function useGpuModels() {
  return useQuery(gpuModelsQuery());
}

import { pricing } from '@suanli/contract';
import { useQueries } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { catalogueKeys } from './keys';

export type GpuPriceQuote = Awaited<ReturnType<typeof fetchHourlyQuote>>;

/** What one GPU of a model costs the signed-in caller for an hour billed per minute, VIP discount applied. */
export function fetchHourlyQuote(gpuModel: string) {
  return http.call(pricing.getGpuPrice, { query: { gpuModel, billingMode: 'minute', duration: 1, gpuCount: 1 } });
}

/** The caller's hourly quote for each model, in the models' order; nothing is asked for a guest. */
export function useHourlyQuotes(gpuModels: readonly string[], signedIn: boolean) {
  return useQueries({
    queries: gpuModels.map((gpuModel) => ({
      queryKey: catalogueKeys.gpuPrice(gpuModel),
      queryFn: () => fetchHourlyQuote(gpuModel),
      enabled: signedIn,
    })),
  });
}

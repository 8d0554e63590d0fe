import { power } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { powerKeys } from './keys';

export type PowerPackageOffer = Awaited<ReturnType<typeof fetchPowerPackages>>['packages'][number];
export type PowerPackageTerm = PowerPackageOffer['terms'][number];

/** The packages on sale with the price of each length. */
export function fetchPowerPackages() {
  return http.call(power.listPowerPackages);
}

export const powerPackagesQueryOptions = () =>
  queryOptions({ queryKey: powerKeys.catalogue(), queryFn: fetchPowerPackages });

export function usePowerPackages() {
  return useQuery(powerPackagesQueryOptions());
}

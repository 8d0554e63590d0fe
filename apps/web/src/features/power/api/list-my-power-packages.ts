import { power } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { powerKeys } from './keys';

export type MyPowerPackage = Awaited<ReturnType<typeof fetchMyPowerPackages>>['rows'][number];

/** The user's packages still running, newest first. */
export function fetchMyPowerPackages() {
  return http.call(power.listMyPowerPackages);
}

export const myPowerPackagesQueryOptions = () =>
  queryOptions({ queryKey: powerKeys.myPackages(), queryFn: fetchMyPowerPackages });

export function useMyPowerPackages() {
  return useQuery(myPowerPackagesQueryOptions());
}

import { realName } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { realNameKeys } from './keys';

export type RealNameRecord = Awaited<ReturnType<typeof fetchRealNameStatus>>;

/** The identity check of spec §4: status, the masked record once verified, attempts left today. */
export function fetchRealNameStatus() {
  return http.call(realName.getRealNameStatus);
}

export const realNameStatusQueryOptions = () =>
  queryOptions({ queryKey: realNameKeys.status(), queryFn: fetchRealNameStatus });

export function useRealNameStatus() {
  return useQuery(realNameStatusQueryOptions());
}

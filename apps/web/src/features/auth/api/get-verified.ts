import { auth, type EndpointData } from '@suanli/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { authKeys } from './keys';

export type VerifiedStatusValue = EndpointData<typeof auth.getVerified>['status'];

/** The user's real-name verification status, '1' verified or '0' not (spec §2 guard). */
export function fetchVerifiedStatus(): Promise<VerifiedStatusValue> {
  return http.call(auth.getVerified).then((data) => data.status);
}

/** Asked again before every isAuth route (spec §2), so an answer is never reused; it stays cached for readers. */
export const verifiedStatusQueryOptions = (fetcher: () => Promise<VerifiedStatusValue> = fetchVerifiedStatus) =>
  queryOptions({ queryKey: authKeys.verifiedStatus(), queryFn: fetcher, staleTime: 0 });

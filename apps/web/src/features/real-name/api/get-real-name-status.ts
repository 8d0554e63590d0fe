import { realName } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { useSession } from '../../../shared/stores/session-store';
import { realNameKeys } from './keys';

export type RealNameRecord = Awaited<ReturnType<typeof fetchRealNameStatus>>;

/**
 * The identity check of spec §4: status, the masked record once verified, attempts left today. The session's
 * verifiedStatus follows it, so the guard of isAuth routes sees the same answer.
 */
export async function fetchRealNameStatus() {
  const record = await http.call(realName.getRealNameStatus);
  useSession.getState().setVerifiedStatus(record.status);
  return record;
}

export const realNameStatusQueryOptions = () =>
  queryOptions({ queryKey: realNameKeys.status(), queryFn: fetchRealNameStatus });

export function useRealNameStatus() {
  return useQuery(realNameStatusQueryOptions());
}

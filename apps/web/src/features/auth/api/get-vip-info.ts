import { users } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { useSession } from '../../../shared/stores/session-store';
import type { VipInfo } from '../../../shared/stores/session-types';
import { authKeys } from './keys';

/** Loads the VIP grade and growth into the session, which keeps them in a 10-day cookie (spec §3). */
export async function fetchVipInfo(): Promise<VipInfo> {
  const vipInfo = await http.call(users.getVipInfo);
  useSession.getState().setVipInfo(vipInfo);
  return vipInfo;
}

export const vipInfoQueryOptions = () =>
  queryOptions({ queryKey: authKeys.vipInfo(), queryFn: fetchVipInfo, staleTime: 5 * 60_000 });

/** Reloads the VIP record when the cookie has lapsed while the session is still alive. */
export function useVipInfo() {
  const isLogin = useSession((state) => state.isLogin);
  const cached = useSession((state) => state.vipInfo !== null);
  return useQuery({ ...vipInfoQueryOptions(), enabled: isLogin && !cached });
}

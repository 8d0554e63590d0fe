import { users } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { useSession } from '@/shared/stores/session-store';
import { authKeys } from './keys';
import { readVipCookie, writeVipCookie, type VipInfo } from './vip-cookie';

/** The VIP grade, growth and next target; each answer is also saved to the 10-day cookie (spec §3). */
export async function fetchVipInfo(): Promise<VipInfo> {
  const vipInfo = await http.call(users.getVipInfo);
  writeVipCookie(vipInfo);
  return vipInfo;
}

export const vipInfoQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.vipInfo(),
    queryFn: fetchVipInfo,
    // A page load starts from the cookie and asks again only once it is stale, as spec §3's cookie intends.
    initialData: readVipCookie,
    staleTime: 5 * 60_000,
  });

export function useVipInfo() {
  const isLogin = useSession((state) => state.isLogin);
  return useQuery({ ...vipInfoQueryOptions(), enabled: isLogin });
}

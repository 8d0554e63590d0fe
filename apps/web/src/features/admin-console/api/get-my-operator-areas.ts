import { operators } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { useSession } from '@/shared/stores/session-store';
import { adminConsoleKeys } from './keys';

/**
 * The areas of the operations console the signed-in user holds (none for a user, and nothing asked of a guest): what
 * decides whether the console is offered and which of its pages its menu shows. The server still checks every call.
 */
export function useMyOperatorAreas() {
  const isLogin = useSession((state) => state.isLogin);
  return useQuery({
    queryKey: adminConsoleKeys.myAreas(),
    queryFn: () => http.call(operators.getMyOperatorAreas, { silent: true }),
    select: (data) => data.areas,
    enabled: isLogin,
    staleTime: 60_000,
  });
}

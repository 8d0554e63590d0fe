import { auth } from '@suanli/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from '@/shared/http';
import { authKeys } from './keys';

export type Captcha = Awaited<ReturnType<typeof fetchCaptcha>>;

export function fetchCaptcha() {
  return http.call(auth.getCaptcha, { withoutToken: true });
}

/**
 * A captcha is single use: it never goes stale by itself, and the form asks for a fresh one after each use (a failed
 * submit, a code sent). `scope` keeps two forms on screen from sharing one answer.
 */
export const captchaQueryOptions = (scope: string) =>
  queryOptions({ queryKey: authKeys.captcha(scope), queryFn: fetchCaptcha, staleTime: Infinity, gcTime: 0 });

export function useCaptcha(scope: string) {
  const queryClient = useQueryClient();
  const query = useQuery(captchaQueryOptions(scope));
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: authKeys.captcha(scope) }),
    [queryClient, scope],
  );
  return { captcha: query.data, loading: query.isFetching, refresh };
}

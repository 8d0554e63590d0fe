import { auth } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { authKeys } from './keys';

/** Whether the current user has a password (a WeChat-registered user has none). */
export function fetchHasPassword(): Promise<boolean> {
  return http.call(auth.getIsPwd).then((data) => data === 1);
}

export const hasPasswordQueryOptions = () => queryOptions({ queryKey: authKeys.isPwd(), queryFn: fetchHasPassword });

export function useHasPassword() {
  return useQuery(hasPasswordQueryOptions());
}

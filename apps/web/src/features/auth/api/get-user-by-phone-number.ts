import { auth } from '@suanli/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { authKeys } from './keys';

/** Whether a mainland phone is registered: data 1 when it is. */
export function fetchPhoneRegistered(phoneNumber: string): Promise<boolean> {
  return http
    .call(auth.getUserByPhoneNumber, { query: { phoneNumber }, withoutToken: true })
    .then((data) => data === 1);
}

/** Asked on every blur of the username field, so it is never served from the cache. */
export const phoneRegisteredQueryOptions = (phoneNumber: string) =>
  queryOptions({
    queryKey: authKeys.registered(phoneNumber),
    queryFn: () => fetchPhoneRegistered(phoneNumber),
    staleTime: 0,
  });

import { auth } from '@suanli/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { authKeys } from './keys';

/** Whether an e-mail is registered: data 1 when it is. */
export function fetchMailRegistered(mail: string): Promise<boolean> {
  return http.call(auth.getUserByMail, { query: { mail }, withoutToken: true }).then((data) => data === 1);
}

/** Asked on every blur of the username field, so it is never served from the cache. */
export const mailRegisteredQueryOptions = (mail: string) =>
  queryOptions({ queryKey: authKeys.registered(mail), queryFn: () => fetchMailRegistered(mail), staleTime: 0 });

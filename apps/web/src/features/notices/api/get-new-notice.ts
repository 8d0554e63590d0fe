import { notices } from '@suanli/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { noticeKeys } from './keys';

/** The newest platform notice the user has not seen, or null. Silent: a missing popup bothers nobody. */
export function fetchNewNotice() {
  return http.call(notices.getNewNotice, { silent: true });
}

/** Asked once per session; the popup records the notice as seen, so the server will not offer it again. */
export const newNoticeQueryOptions = () =>
  queryOptions({ queryKey: noticeKeys.newest(), queryFn: fetchNewNotice, staleTime: Infinity });

export function useNewNotice() {
  return useQuery(newNoticeQueryOptions());
}

import { invites } from '@suanli/contract';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { invitesKeys } from './keys';

export type InvitedPage = Awaited<ReturnType<typeof fetchInvitedPage>>;
export type InvitedRow = InvitedPage['rows'][number];

/** One page of the friends who registered with the caller's code, newest first, with the rewards' total. */
export function fetchInvitedPage({ pageNum, pageSize }: PageParams) {
  return http.call(invites.getInvitationAward, { query: { pageNum, pageSize } });
}

export function useInvitedPages() {
  return usePagedQuery<InvitedPage>({ queryKey: invitesKeys.invited(), fetcher: fetchInvitedPage });
}

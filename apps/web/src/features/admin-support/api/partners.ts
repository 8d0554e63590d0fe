import { partners } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { adminSupportKeys } from './keys';

export type PartnerVerb = 'revoke' | 'restore';

/** Revokes a KOL or creator's qualification for abuse, or restores it; the form reports a refusal under its field. */
export function useChangePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ verb, userId, reason }: { verb: PartnerVerb; userId: string; reason: string }) =>
      http.call(verb === 'revoke' ? partners.revokePartner : partners.restorePartner, {
        params: { userId },
        body: { reason },
        silent: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSupportKeys.partners() }),
  });
}

export type PartnerQualification = (typeof partners.PARTNER_QUALIFICATIONS)[number];
export type PartnerFilters = { status?: PartnerQualification };
export type PartnerPage = Awaited<ReturnType<typeof fetchPartnerPage>>;
export type PartnerRow = PartnerPage['rows'][number];

function fetchPartnerPage({ pageNum, pageSize, status }: PageParams<PartnerFilters>) {
  return http.call(partners.listPartners, { query: { pageNum, pageSize, status } });
}

/** The programme's partners, latest joined first, all of them or those of one qualification. */
export function usePartnerPages() {
  return usePagedQuery<PartnerPage, PartnerFilters>({
    queryKey: adminSupportKeys.partners(),
    fetcher: fetchPartnerPage,
  });
}

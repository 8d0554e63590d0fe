import { partners, type EndpointData, type EndpointRequest } from '@suanli/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, useIdempotentCall } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { partnerKeys } from './keys';

export type PromotionChannel = EndpointData<typeof partners.selectPromotionChannel>;
export type PartnerAmounts = EndpointData<typeof partners.getBloggerAmountFormerly>;
export type PaymentAccount = NonNullable<EndpointData<typeof partners.getPersonWithdraw>>;
export type KolMonth = EndpointData<typeof partners.getBloggerAmount>;
export type CreatorMonth = EndpointData<typeof partners.getBloggerImageAmount>;
export type Withdrawals = EndpointData<typeof partners.getWithdrawApplyList>;
export type PersonBody = EndpointRequest<typeof partners.insertPersonWithdraw>['body'];
export type CompanyBody = EndpointRequest<typeof partners.insertCompanyWithdraw>['body'];

export const usePromotionChannel = () =>
  useQuery({ queryKey: partnerKeys.channel(), queryFn: () => http.call(partners.selectPromotionChannel) });

export const usePartnerAmounts = () =>
  useQuery({ queryKey: partnerKeys.amounts(), queryFn: () => http.call(partners.getBloggerAmountFormerly) });

export const usePaymentAccount = () =>
  useQuery({ queryKey: partnerKeys.account(), queryFn: () => http.call(partners.getPersonWithdraw) });

export const useKolMonth = (month: string) =>
  useQuery({
    queryKey: partnerKeys.kolMonth(month),
    queryFn: () => http.call(partners.getBloggerAmount, { query: { month } }),
  });

export const useCreatorMonth = (month: string) =>
  useQuery({
    queryKey: partnerKeys.creatorMonth(month),
    queryFn: () => http.call(partners.getBloggerImageAmount, { query: { month } }),
  });

export const useWithdrawals = () =>
  usePagedQuery<Withdrawals>({
    queryKey: partnerKeys.withdrawals(),
    fetcher: ({ pageNum, pageSize }: PageParams) =>
      http.call(partners.getWithdrawApplyList, { query: { pageNum, pageSize } }),
  });

/** A personal or a company account, with the request's amount when it is a withdrawal. */
export type PartnerRequest = { kind: 'personal'; body: PersonBody } | { kind: 'company'; body: CompanyBody };

/** Sets the payment account and, with an amount, requests a withdrawal; silent: the dialog shows the refusal. */
function submitPartnerRequest(request: PartnerRequest, idempotencyKey: string) {
  return request.kind === 'personal'
    ? http.call(partners.insertPersonWithdraw, { body: request.body, idempotencyKey, silent: true })
    : http.call(partners.insertCompanyWithdraw, { body: request.body, idempotencyKey, silent: true });
}

/**
 * One request per intent (a double click or a retry after a lost answer cannot withdraw twice); either way the
 * earnings, the account and the list are read again.
 */
export function useSubmitPartnerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useIdempotentCall(submitPartnerRequest),
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

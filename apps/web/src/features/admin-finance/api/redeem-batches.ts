import { redeem, vouchers, type EndpointData, type EndpointRequest } from '@suanli/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, useIdempotentCall } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { adminFinanceKeys } from './keys';

export type RedeemBatchInput = NonNullable<EndpointRequest<typeof redeem.createRedeemBatch>['body']>;
export type VoucherGrant = NonNullable<EndpointRequest<typeof vouchers.grantVoucher>['body']>;

/** Creates a batch of codes, once per intent however often it is sent; silent, as the form reports a refusal. */
export function useCreateRedeemBatch() {
  const queryClient = useQueryClient();
  const create = useIdempotentCall((body: RedeemBatchInput, idempotencyKey: string) =>
    http.call(redeem.createRedeemBatch, { body, idempotencyKey, silent: true }),
  );
  return useMutation({
    mutationFn: create,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminFinanceKeys.redeemBatches() }),
  });
}

export type RedeemBatchPage = EndpointData<typeof redeem.listRedeemBatches>;
export type RedeemBatchRow = RedeemBatchPage['rows'][number];

function fetchRedeemBatchPage({ pageNum, pageSize }: PageParams) {
  return http.call(redeem.listRedeemBatches, { query: { pageNum, pageSize } });
}

/** The batches made so far, newest first, with how many of their codes were used. */
export function useRedeemBatchPages() {
  return usePagedQuery<RedeemBatchPage>({ queryKey: adminFinanceKeys.redeemBatches(), fetcher: fetchRedeemBatchPage });
}

/** One batch's codes, each with when it was redeemed, for its CSV. */
export const fetchBatchCodes = (batchId: string) => http.call(redeem.listRedeemBatchCodes, { params: { batchId } });

/** Gives a user a voucher or coupon, once per intent; silent, as the form reports a refusal. */
export function useGrantVoucher() {
  const grant = useIdempotentCall((body: VoucherGrant, idempotencyKey: string) =>
    http.call(vouchers.grantVoucher, { body, idempotencyKey, silent: true }),
  );
  return useMutation({ mutationFn: grant });
}

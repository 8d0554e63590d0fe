import { redeem, vouchers, type EndpointRequest } from '@suanli/contract';
import { useMutation } from '@tanstack/react-query';
import { http, useIdempotentCall } from '@/shared/http';

export type RedeemBatchInput = NonNullable<EndpointRequest<typeof redeem.createRedeemBatch>['body']>;
export type VoucherGrant = NonNullable<EndpointRequest<typeof vouchers.grantVoucher>['body']>;

/** Creates a batch of codes, once per intent however often it is sent; silent, as the form reports a refusal. */
export function useCreateRedeemBatch() {
  const create = useIdempotentCall((body: RedeemBatchInput, idempotencyKey: string) =>
    http.call(redeem.createRedeemBatch, { body, idempotencyKey, silent: true }),
  );
  return useMutation({ mutationFn: create });
}

/** Gives a user a voucher or coupon, once per intent; silent, as the form reports a refusal. */
export function useGrantVoucher() {
  const grant = useIdempotentCall((body: VoucherGrant, idempotencyKey: string) =>
    http.call(vouchers.grantVoucher, { body, idempotencyKey, silent: true }),
  );
  return useMutation({ mutationFn: grant });
}

import { vouchers } from '@suanli/contract';
import { http } from '@/shared/http';
import { usePagedQuery, type PageParams } from '@/shared/query/use-paged-query';
import { walletKeys } from './keys';

/** Usable vouchers (any charge), usable coupons (GPU application orders), or what ended of both kinds. */
export type VoucherList = 'vouchers' | 'coupons' | 'ended';

const ENDPOINTS = {
  vouchers: vouchers.listVouchers,
  coupons: vouchers.listCoupons,
  ended: vouchers.listEndedVouchers,
} as const;

export type VoucherPage = Awaited<ReturnType<typeof fetchVoucherPage>>;
export type VoucherRow = VoucherPage['rows'][number];

/** One page of a voucher list, in the server's order: usable ones as charges spend them, ended ones latest first. */
export function fetchVoucherPage(list: VoucherList, { pageNum, pageSize }: PageParams) {
  return http.call(ENDPOINTS[list], { query: { pageNum, pageSize } });
}

export function useVoucherPages(list: VoucherList) {
  return usePagedQuery<VoucherPage>({
    queryKey: walletKeys.vouchers(list),
    fetcher: (params) => fetchVoucherPage(list, params),
  });
}
